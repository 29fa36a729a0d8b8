// `npm start`: builds the widget, then serves the demo host page and the sandbox provider on two
// origins (http://127.0.0.1:5173 and http://localhost:5174). Nothing to configure.
import { buildAll } from './build.mjs';
import { startDemo } from './serve.mjs';

const hostPort = Number(process.env.PORT ?? 5173);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? hostPort + 1);

console.log('Building the widget…');
await buildAll({ quiet: true });
const { host, sandbox, close } = await startDemo({ hostPort, sandboxPort });

console.log(`
  kyc-widget demo

  Host page (the site embedding the widget):  ${host.origin}/
  Sandbox provider (the verification frame):  ${sandbox.origin}/

  Open the host page, pick a provider, and click through a verification.
  The log on the page shows every kyc-* event. With the generic protocol, Persona, Sumsub, Veriff, Didit, iDenfy,
  Onfido, Stripe or Plaid the whole loop runs: the page's backend creates the session through the sandbox's copy of
  the provider's API, the decision you pick in the frame comes back as the provider's signed webhook, verified by
  the backend, and the widget asks its decision endpoint for it: "Server confirmed", and kyc-decision in the log.
  Ctrl+C to stop.
`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await close();
    process.exit(0);
  });
}
