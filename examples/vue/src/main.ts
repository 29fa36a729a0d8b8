import { createApp, nextTick } from 'vue';
import App from './App.vue';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first render.
const query = new URLSearchParams(location.search);
const lazy = query.get('lazy') === '1';

if (!lazy) await import('kyc-widget/define');
createApp(App, { sandbox: query.get('sandbox') ?? 'http://localhost:5174' }).mount('#app');
if (lazy) await nextTick().then(() => import('kyc-widget/define'));
