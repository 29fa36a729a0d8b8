// Persona's own SDK (npm `persona`, bundled as a host's bundler would) in a host page: its Client (the
// modal flow), pointed at the sandbox's /widget page, with the catalog's template and environment ids.
// Ready = the SDK's onReady callback (Persona's `ready` message, the same one kyc-ready maps).
import { Client } from 'persona';
import { bench, report, reportReady } from './host.js';

const client = new Client({
  templateId: bench.templateId,
  environmentId: bench.environmentId,
  // Persona's SDK takes a custom host only as "localhost:<port>" (served over http).
  host: `localhost:${new URL(bench.sandbox).port}`,
  onReady: () => {
    reportReady();
    client.open(); // what a host does next (the modal flow waits for it)
  },
  onError: (error) => report('error', JSON.stringify(error)),
});
