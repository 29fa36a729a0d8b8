#!/usr/bin/env node
/**
 * `kyc-widget`, the package's command line (its `bin`): the development sandbox, one-off signed webhooks, and the
 * `<head>` hints of a static page.
 *
 *   kyc-widget sandbox [--port 5174] [--host localhost] [--webhook-url URL] [--webhook-secret SECRET]
 *   kyc-widget trigger <approved|declined|review> --provider ID --to URL [--user ID] [--session ID] [--secret S] [--json]
 *   kyc-widget keys [--sandbox-url URL]
 *   kyc-widget hints <provider> [--script URL] [--options JSON] [--allowed-origins ORIGINS] [--nonce N]
 *
 * Exit codes: 0 done (trigger: the endpoint answered 2xx), 1 the endpoint refused or did not answer (hints: nothing
 * to write), 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { envLines } from './env.mjs';
import { SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
import { startSandbox } from './server.mjs';
import { trigger, triggerProblem, TRIGGER_PROVIDERS } from './trigger.mjs';

const USAGE = `kyc-widget: the development sandbox of <kyc-widget> and its server half (never needed in production)

Usage:
  kyc-widget sandbox [options]     every provider's stand-in: frames, session APIs, signed webhooks
  kyc-widget trigger <decision> --provider <id> --to <url> [options]
                                   one signed decision webhook to your backend, as the provider sends it
  kyc-widget keys                  the sandbox's test keys as environment lines (npx kyc-widget keys > .env)
  kyc-widget hints <provider> [options]
                                   a static page's <head> hints: what renderKycWarmUp (kyc-widget/server) writes
  kyc-widget help                  this text

sandbox options:
  --port <n>             default 5174 (0: any free port)
  --host <name>          default localhost
  --webhook-url <url>    where each provider's webhook goes when the person finishes; {provider} is replaced by the
                         provider's id, e.g. http://localhost:3000/webhooks/{provider}
  --webhook-secret <s>   the secret the webhooks are signed with (default: the sandbox's, printed at start)

trigger options:
  <decision>             approved, declined or review
  --provider <id>        ${TRIGGER_PROVIDERS.join(', ')}
  --to <url>             your webhook URL
  --user <id>            the reference the provider echoes back (the one your session client sent)
  --session <id>         the provider's session id (default: a new one of the provider's shape)
  --secret <s>           default: the sandbox's webhook secret
  --json                 print the result as one JSON line
  Exit code 0 when your endpoint answered 2xx, 1 when it answered otherwise or not at all, 2 on wrong usage.

keys options:
  --sandbox-url <url>    the sandbox's origin to print (default http://localhost:5174)

hints options (one tag a line; exit code 1 when there is nothing to write):
  <provider>             the provider id; an SDK-hosted one (onfido, stripe, plaid; jumio with {"sdk":true}) gets
                         the preload of its vendor's code, a frame provider a preconnect and a warm-up frame
  --script <url>         where your page loads the widget's script from (/assets/kyc-widget-stripe.js): an
                         SDK-hosted provider also gets module preloads of it and of its chunks
  --options <json>       the element's options, as its attribute: sdkUrl, Stripe's publishableKey
  --allowed-origins <o>  the element's allowed-origins
  --nonce <n>            your page's CSP nonce
`;

class UsageError extends Error {}

function options(args, spec) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
}

async function sandboxCommand(args) {
  const { values } = options(args, {
    port: { type: 'string', default: '5174' },
    host: { type: 'string', default: 'localhost' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port must be an integer between 0 and 65535');
  const webhookUrl = values['webhook-url'];
  if (
    webhookUrl !== undefined &&
    triggerProblem({ provider: 'generic', decision: 'approved', to: webhookUrl.replaceAll('{provider}', 'generic') })
  )
    throw new UsageError(
      `--webhook-url must be an absolute http(s) URL, such as http://localhost:3000/webhooks/{provider}`,
    );
  const secret = values['webhook-secret'] ?? SANDBOX_WEBHOOK_SECRET;
  const sandbox = await startSandbox({
    host: values.host,
    port,
    webhookUrl,
    webhookSecret: secret,
    onEvent: (event) => console.log(`${new Date().toISOString().slice(11, 19)} ${describe(event)}`),
  });
  console.log(`kyc-widget sandbox at ${sandbox.origin}
  every provider's frame page, the session APIs of Persona, Sumsub, Veriff, Didit, iDenfy, Onfido, Stripe, Plaid,
  Jumio and the generic protocol (POST /api/sessions), and each provider's signed webhook when the person finishes
  webhooks: ${webhookUrl ? `${webhookUrl}  ({provider} replaced)` : 'none (pass --webhook-url http://localhost:3000/webhooks/{provider})'}

Test keys: they open nothing but this sandbox, and kyc-widget/server accepts them (and this origin) only with
createKycBackend({ development: true }). In a .env file (npx kyc-widget keys > .env):

${envLines({ sandboxUrl: sandbox.origin, webhookSecret: secret })}

On your page, <kyc-widget allowed-origins="${sandbox.origin}">: the widget knows each provider's own hosts, not
this one. Ctrl+C to stop.
`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => sandbox.close().then(() => process.exit(0)));
}

function describe(event) {
  if (event.kind === 'session')
    return `session  ${event.provider} ${event.sessionId}${event.referenceId ? ` (reference ${event.referenceId})` : ''}`;
  const where = event.to ?? 'nowhere (no --webhook-url)';
  const answer = event.status === null ? '' : event.status === 0 ? ': no answer' : `: ${event.status}`;
  return `webhook  ${event.provider} ${event.decision} for ${event.sessionId} → ${where}${answer}`;
}

async function triggerCommand(args) {
  const { values, positionals } = options(args, {
    provider: { type: 'string' },
    to: { type: 'string' },
    user: { type: 'string' },
    session: { type: 'string' },
    secret: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('trigger takes one decision: approved, declined or review');
  const request = { provider: values.provider, decision: positionals[0], to: values.to };
  const problem = triggerProblem(request);
  if (problem) throw new UsageError(problem);
  const result = await trigger({
    ...request,
    ...(values.user !== undefined && { userId: values.user }),
    ...(values.session !== undefined && { sessionId: values.session }),
    ...(values.secret !== undefined && { secret: values.secret }),
  });
  if (values.json) console.log(JSON.stringify(result));
  else {
    const answer = result.status === 0 ? `no answer (${result.error})` : `${result.status} ${result.answer}`.trim();
    console.log(`${result.provider} ${result.decision} for session ${result.sessionId} → ${result.to}: ${answer}`);
  }
  return result.ok ? 0 : 1;
}

function keysCommand(args) {
  const { values } = options(args, { 'sandbox-url': { type: 'string', default: 'http://localhost:5174' } });
  console.log(envLines({ sandboxUrl: values['sandbox-url'], webhookSecret: SANDBOX_WEBHOOK_SECRET }));
  return 0;
}

/** The hints of renderKycWarmUp, from this package's built server half. */
async function hintsCommand(args) {
  const { values, positionals } = options(args, {
    script: { type: 'string' },
    options: { type: 'string' },
    'allowed-origins': { type: 'string' },
    nonce: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('hints takes one provider id, e.g. kyc-widget hints stripe');
  let server;
  try {
    server = await import('../dist/server/index.js');
  } catch {
    throw new UsageError('hints needs the built package (dist/server/index.js): run npm run build in a checkout');
  }
  const html = server.renderKycWarmUp({
    provider: positionals[0],
    ...(values.options !== undefined && { options: values.options }),
    ...(values['allowed-origins'] !== undefined && { allowedOrigins: values['allowed-origins'] }),
    ...(values.nonce !== undefined && { nonce: values.nonce }),
    ...(values.script !== undefined && { widgetScript: values.script }),
  });
  if (!html) {
    console.error(
      `kyc-widget: nothing to write for ${JSON.stringify(positionals[0])} with these options (a provider id? Stripe needs {"publishableKey":…}; an sdkUrl must be on --allowed-origins; Jumio's web component writes only the --script preloads)`,
    );
    return 1;
  }
  console.log(html.replace(/>(?=<(link|iframe))/g, '>\n'));
  return 0;
}

async function main([command, ...args]) {
  if (args.includes('--help') || args.includes('-h')) command = 'help';
  if (command === 'sandbox') return sandboxCommand(args);
  if (command === 'trigger') return triggerCommand(args);
  if (command === 'keys') return keysCommand(args);
  if (command === 'hints') return hintsCommand(args);
  if (command === 'help' || command === '--help' || command === '-h' || command === undefined) {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  throw new UsageError(`unknown command ${JSON.stringify(command)}`);
}

try {
  const code = await main(process.argv.slice(2));
  if (typeof code === 'number') process.exitCode = code;
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`kyc-widget: ${error.message}\nRun kyc-widget help for the usage.`);
  process.exitCode = 2;
}
