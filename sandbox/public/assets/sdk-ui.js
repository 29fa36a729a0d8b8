/**
 * The vendor's UI inside the SDK stand-ins' frame (/sdk/ui.html?vendor=onfido|stripe|plaid|jumio&token=…), playing
 * Onfido's capture screens, Stripe's Identity modal, Plaid Link or Jumio's web component. It speaks only to its loader (sdk/core.js) on the
 * host page: `{sandboxSdk: vendor, type: 'loaded' | 'module' | 'event' | 'complete' | 'error' | 'exit'}`, and waits
 * for the loader's `go` (Plaid: open()) before it begins.
 *
 * A token `script=<steps>` runs steps instead of buttons (the browser tests): `module:<name>` (Onfido's
 * moduleStart), `event:<NAME>` (Plaid's onEvent), `finish:<approved|declined|review>` (the provider's webhook, through
 * POST /sandbox/finish, for a session the sandbox's API made: then the token is `script=<steps>;<token>`),
 * `complete`, `error:<code>[:<type>]`, `exit`, `burst` (Onfido: onComplete twice, onUserExit and onError in one task,
 * as a buggy or racing SDK might), `wait` (nothing more). Any other token shows the buttons. A script with a step
 * it does not know runs none of them and posts `{sandbox: 'script-failed', href, error}` to the host page.
 */
import { reportFinish, sessionFromSandbox } from './provider-kit.js';

const params = new URLSearchParams(location.search);
const vendor = params.get('vendor') ?? '';
const token = params.get('token') ?? '';
const NAMES = { onfido: 'Onfido', stripe: 'Stripe Identity', plaid: 'Plaid Link', jumio: 'Jumio' };
const send = (message) => parent.postMessage({ sandboxSdk: vendor, ...message }, '*');

let started = false;
addEventListener('message', (event) => {
  if (event.source !== parent || event.data?.sandboxSdk !== vendor || event.data.type !== 'go' || started) return;
  started = true;
  begin();
});
send({ type: 'loaded' });

/** The script and the session the sandbox knows (what /sandbox/finish is told). */
function parse() {
  if (!token.startsWith('script=')) return { steps: null, session: token };
  const [script, session = ''] = token.slice('script='.length).split(';');
  return { steps: script.split(',').filter(Boolean), session };
}

async function begin() {
  const { steps, session } = parse();
  if (vendor === 'onfido' && !(await runMatches(session))) return;
  if (steps) run(steps, session);
  else buttons(session);
}

/**
 * Onfido: a token the sandbox's API made for a workflow run loads that run only (`workflowRunId`, required by
 * `StudioSdkParameters`). A missing or other run is refused, and ends as Onfido's `invalid_sdk_parameter`.
 */
async function runMatches(session) {
  const run = await sessionFromSandbox('onfido', session);
  const given = params.get('workflowRunId');
  if (!run || session.startsWith('sbx.onfido.sdk.') || given === run) return true;
  const refusal = given ? `workflowRunId ${given} is not the run of this token` : 'workflowRunId is required';
  send({ type: 'error', code: 'invalid_sdk_parameter', refusal });
  return false;
}

const STEPS = new Set(['wait', 'module', 'event', 'finish', 'complete', 'error', 'exit', 'burst']);

async function run(steps, session) {
  // A step this page does not know runs nothing at all, and says so to the host page (the browser tests' helpers
  // fail the running test on it): a typo must not shorten a script and let a test pass.
  const unknown = steps.filter((step) => !STEPS.has(step.split(':')[0]));
  if (unknown.length) {
    const error = `unknown step ${unknown.map((step) => JSON.stringify(step)).join(', ')} (known: ${[...STEPS].join(', ')})`;
    console.error('[sandbox] sdk-ui:', error);
    parent.postMessage({ sandbox: 'script-failed', href: location.href, error }, '*');
    return;
  }
  for (const step of steps) {
    const [name, arg, extra] = step.split(':');
    if (name === 'wait') return;
    if (name === 'module') send({ type: 'module', name: arg });
    else if (name === 'event') send({ type: 'event', name: arg });
    else if (name === 'finish') await reportFinish(vendor, session, arg);
    else if (name === 'complete') send({ type: 'complete' });
    else if (name === 'error') send({ type: 'error', code: arg, kind: extra });
    else if (name === 'exit') send({ type: 'exit' });
    else if (name === 'burst') send({ type: 'burst' });
    else throw new Error(`unknown step ${step}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function buttons(session) {
  const app = document.getElementById('app');
  const title = document.createElement('h1');
  title.textContent = `${NAMES[vendor] ?? vendor} (sandbox)`;
  const text = document.createElement('p');
  text.textContent = 'Plays the vendor’s own UI. The decision goes to your backend as the provider’s webhook.';
  app.append(title, text);
  const button = (label, action) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', action);
    app.append(b);
  };
  if (vendor === 'onfido' || vendor === 'jumio') send({ type: 'module', name: 'document' });
  if (vendor === 'plaid') send({ type: 'event', name: 'IDENTITY_VERIFICATION_START_STEP' });
  for (const [label, decision] of [
    ['Submit (approved)', 'approved'],
    ['Submit (declined)', 'declined'],
    ...(vendor === 'stripe' ? [] : [['Submit (review)', 'review']]),
  ])
    button(label, async () => {
      await reportFinish(vendor, session, decision);
      send({ type: 'complete' });
    });
  button('Exit', () => send({ type: 'exit' }));
  const failure = {
    onfido: 'exception',
    stripe: 'api_connection_error',
    plaid: 'INTERNAL_SERVER_ERROR',
    jumio: 'failed',
  }[vendor];
  button('Fail', () => send({ type: 'error', code: failure, kind: 'API_ERROR' }));
}
