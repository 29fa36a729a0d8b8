import { mount, tick } from 'svelte';
import App from './App.svelte';
import Svelte4App from './Svelte4App.svelte';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first render;
// ?svelte4=1 renders the same page written the Svelte 4 way (on:kyc-complete).
const query = new URLSearchParams(location.search);
const lazy = query.get('lazy') === '1';

if (!lazy) await import('kyc-widget/define');
mount(query.get('svelte4') === '1' ? Svelte4App : App, {
  target: document.getElementById('app')!,
  props: { sandbox: query.get('sandbox') ?? 'http://localhost:5174' },
});
if (lazy) await tick().then(() => import('kyc-widget/define'));
