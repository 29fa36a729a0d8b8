// `npm start`: builds the widget, then serves the demo host page and the sandbox provider on two
// origins (http://127.0.0.1:5173 and http://localhost:5174). Nothing to configure.
import { buildAll } from './build.mjs';
import { startHost } from './serve.mjs';
import { startSandbox } from '../examples/sandbox/server.mjs';

const hostPort = Number(process.env.PORT ?? 5173);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? hostPort + 1);

console.log('Building the widget…');
await buildAll({ quiet: true });
const sandbox = await startSandbox({ host: 'localhost', port: sandboxPort });
const host = await startHost({ host: '127.0.0.1', port: hostPort, sandboxOrigin: sandbox.origin });

console.log(`
  kyc-widget demo

  Host page (the site embedding the widget):  ${host.origin}/
  Sandbox provider (the verification frame):  ${sandbox.origin}/

  Open the host page, pick a provider, and click through a verification.
  The log on the page shows every kyc-* event. Ctrl+C to stop.
`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await Promise.all([host.close(), sandbox.close()]);
    process.exit(0);
  });
}
