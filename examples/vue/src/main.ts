import { createApp, nextTick } from 'vue';
import App from './App.vue';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first render.
// The app runs the generic protocol only: its one-provider entry, `kyc-widget/generic`, defines the tag carrying
// that provider alone (kyc-widget/define carries every provider).
const query = new URLSearchParams(location.search);
const lazy = query.get('lazy') === '1';

if (!lazy) await import('kyc-widget/generic');
createApp(App, { sandbox: query.get('sandbox') ?? 'http://localhost:5174' }).mount('#app');
if (lazy) await nextTick().then(() => import('kyc-widget/generic'));
