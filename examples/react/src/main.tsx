import { createRoot } from 'react-dom/client';
import { App } from './App';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first
// render (what a lazy `import('kyc-widget/define')` does); ?wrapper=1 uses the kyc-widget/react component.
const query = new URLSearchParams(location.search);
const sandbox = query.get('sandbox') ?? 'http://localhost:5174';
const lazy = query.get('lazy') === '1';
const wrapper = query.get('wrapper') === '1';

if (!lazy) await import('kyc-widget/define');
createRoot(document.getElementById('root')!).render(<App sandbox={sandbox} wrapper={wrapper} />);
if (lazy) requestAnimationFrame(() => void import('kyc-widget/define'));
