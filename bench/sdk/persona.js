// Persona's own SDK (npm `persona`, bundled as a host's bundler would) in a host page: its Client,
// pointed at the sandbox's /widget page. Ready = the SDK's onReady callback.
import { Client } from 'persona';
import { bench, reportReady } from './host.js';

new Client({
  templateId: 'itmpl_sbxBench0001',
  environmentId: 'env_sbxBench0001',
  // Persona's SDK takes a custom host only as "localhost:<port>" (served over http).
  host: `localhost:${new URL(bench.sandbox).port}`,
  onReady: reportReady,
});
