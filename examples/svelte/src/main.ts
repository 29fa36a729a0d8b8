import { mount, tick } from 'svelte';
import App from './App.svelte';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first render.
const query = new URLSearchParams(location.search);
const lazy = query.get('lazy') === '1';

if (!lazy) await import('kyc-widget/define');
mount(App, {
  target: document.getElementById('app')!,
  props: { sandbox: query.get('sandbox') ?? 'http://localhost:5174' },
});
if (lazy) await tick().then(() => import('kyc-widget/define'));
