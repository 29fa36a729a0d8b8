// Entry point of /generic: scripted mode when the URL has a `script` parameter, interactive otherwise.
import { createChannel, params } from './frame.js';
import { runInteractive } from './interactive.js';
import { runScript } from './scripted.js';

const channel = createChannel();
document.documentElement.dataset.hostOrigin = channel.targetOrigin; // for debugging in devtools

if (params.has('script')) {
  const run = () => runScript(channel, params.get('script') ?? '');
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
} else {
  runInteractive(channel);
}
