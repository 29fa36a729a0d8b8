// The demo host page: applies the settings to <kyc-widget> as properties and logs every kyc-* event
// it hears on `document` (they bubble out of the shadow root). It shows the two answers apart: what the browser
// heard (kyc-complete's outcome, a convenience) and what the backend confirmed from the provider's verified webhook,
// which the widget asks its `decision-endpoint` (GET /api/kyc-decision) for and tells as kyc-decision.
import { ALL_DEMOS, AUTO_ROUTE, PROVIDER_LABELS, SESSION_API_PROVIDERS } from '/sandbox/catalog.mjs';

const sandbox = document.querySelector('meta[name="kyc-sandbox-origin"]').content;
const widget = document.getElementById('kyc');
const form = document.getElementById('settings');
const log = document.getElementById('log');
const EVENTS = [
  'kyc-statechange',
  'kyc-ready',
  'kyc-start',
  'kyc-progress',
  'kyc-submit',
  'kyc-complete',
  'kyc-cancel',
  'kyc-error',
  'kyc-warning',
  'kyc-decision',
  'kyc-close',
];

for (const id of Object.keys(ALL_DEMOS)) form.provider.append(new Option(PROVIDER_LABELS[id] ?? id, id));
// `auto`: the backend chooses (its route: Veriff, then Persona), and the widget moves on when the first one fails.
const routeText = AUTO_ROUTE.map((id) => PROVIDER_LABELS[id]).join(', then ');
form.provider.append(new Option(`auto: your backend chooses (${routeText})`, 'auto'));
const hint = document.getElementById('hint');
const query = new URLSearchParams(location.search);
form.provider.value = query.get('provider') ?? 'generic';
const clientOutcome = document.getElementById('client-outcome');
const serverDecision = document.getElementById('server-decision');
const serverNote = document.getElementById('server-note');
const serverLine = serverDecision.parentElement;

// Where the provider has a session API, the session comes from the backend unless the person chose otherwise.
let sessionChosen = query.has('session');
if (sessionChosen) form.session.value = query.get('session') === 'direct' ? 'direct' : 'endpoint';
const hasSessionApi = (provider) => provider === 'auto' || SESSION_API_PROVIDERS.includes(provider);
function pickSessionSource() {
  if (!sessionChosen) form.session.value = hasSessionApi(form.provider.value) ? 'endpoint' : 'direct';
  // `auto` has no session of its own to give the page: its backend names the provider.
  const auto = form.provider.value === 'auto';
  if (auto) form.session.value = 'endpoint';
  form.session.disabled = auto;
  document.getElementById('outage-choice').hidden = !auto;
}

/** The sandbox's outage switch for the first provider of the route (sandbox/session-apis.mjs), through the backend. */
async function setOutage(outage) {
  await fetch('/api/sandbox-outage', { method: 'POST', body: JSON.stringify({ provider: AUTO_ROUTE[0], outage }) });
}
pickSessionSource();

// What the backend confirmed: the widget's kyc-decision, once its decision endpoint knows.
function resetOutcome() {
  clientOutcome.textContent = '—';
  delete serverLine.dataset.decision;
  const fromBackend = form.session.value === 'endpoint';
  serverDecision.textContent = fromBackend && hasSessionApi(form.provider.value) ? 'not yet' : '—';
  serverNote.textContent = !fromBackend
    ? '(no backend session: the page was given the session)'
    : hasSessionApi(form.provider.value)
      ? "(waiting for the provider's webhook)"
      : '(this provider has no session API in the sandbox: no webhook comes)';
}
document.addEventListener('kyc-decision', (event) => {
  if (!event.detail.confirmed) return; // the page's own `decision` (the form's "Backend decision")
  serverLine.dataset.decision = event.detail.decision;
  serverDecision.textContent = `${event.detail.decision} ✓`;
  serverNote.textContent = `(${PROVIDER_LABELS[event.detail.provider] ?? event.detail.provider} webhook, signature verified by the backend)`;
});

function apply() {
  resetOutcome();
  const auto = form.provider.value === 'auto';
  const demo = auto ? { provider: 'auto', allowedOrigins: sandbox } : ALL_DEMOS[form.provider.value](sandbox);
  // Jumio's web component: the page defines <jumio-sdk>, as a host imports Jumio's package (the widget waits for it).
  if (demo.hostImport) import(demo.hostImport);
  // From the endpoint, the page knows no session at all: the widget asks /api/kyc-session (the demo
  // server playing your backend), and asks again with refresh: true when the session expires.
  const viaEndpoint = form.session.value === 'endpoint';
  // Properties, not attributes: the token never lands in the DOM.
  Object.assign(widget, {
    provider: demo.provider,
    sessionEndpoint: viaEndpoint ? '/api/kyc-session' : undefined,
    // The recommended path: the widget asks the backend for the decision it confirmed, from kyc-complete on.
    decisionEndpoint: viaEndpoint ? '/api/kyc-decision' : undefined,
    sessionToken: viaEndpoint ? undefined : demo.sessionToken,
    sessionUrl: viaEndpoint ? undefined : demo.sessionUrl,
    options: demo.options ?? {},
    allowedOrigins: demo.allowedOrigins,
    mode: form.mode.value,
    locale: form.locale.value || undefined,
    theme: form.theme.value,
    decision: form.decision.value || undefined,
    // A provider whose frame never answers is left after this long (the default is 20 s).
    loadTimeout: auto ? 6000 : 20000,
  });
  document.getElementById('open').hidden = form.mode.value !== 'modal';
  const label = PROVIDER_LABELS[form.provider.value] ?? form.provider.value;
  if (auto) {
    const [first, second] = AUTO_ROUTE.map((id) => PROVIDER_LABELS[id]);
    hint.textContent = {
      none: `Your backend chooses: ${first}, its first choice, loads below.`,
      frame: `${first}'s frame never answers: after the load timeout (6 s) the widget asks your backend again, naming ${first} as failed, and goes on with ${second} (kyc-warning provider-switched in the log). The person sees loading all along.`,
      api: `${first}'s session API answers 503: your backend goes on with ${second} within the same request, and the widget loads ${second} directly.`,
    }[form.outage.value];
    return;
  }
  hint.textContent =
    form.mode.value === 'modal'
      ? `Modal mode: ${label}'s sandbox opens in a dialog when you press "Open verification".`
      : `${label}'s sandbox frame loads below${
          viaEndpoint
            ? hasSessionApi(form.provider.value)
              ? `, with a session your backend created through ${label}'s API (the sandbox's copy); the decision you pick comes back as ${label}'s signed webhook`
              : ', with a session from /api/kyc-session'
            : ''
        }. Changing the provider or the mode starts a new session.`;
}

form.addEventListener('change', async (event) => {
  if (event.target.name === 'session') sessionChosen = true;
  if (event.target.name === 'outage') await setOutage(event.target.value);
  if (event.target.name === 'provider') pickSessionSource();
  if (event.target.name === 'decision') widget.decision = form.decision.value || undefined;
  else if (event.target.name === 'locale' || event.target.name === 'theme') {
    widget[event.target.name] = event.target.value || undefined;
    // The widget's own text follows at once; the generic frame follows too, the providers' frames at the next start.
    hint.textContent = `${event.target.name === 'locale' ? 'Language' : 'Theme'} changed: the widget follows at once; ${
      form.provider.value === 'generic' ? 'so does the sandbox frame' : "the provider's frame follows at the next start"
    }.`;
  } else apply();
});
document.getElementById('start').addEventListener('click', () => {
  resetOutcome();
  widget.decision = form.decision.value || undefined;
  widget.start();
});
document.addEventListener('kyc-complete', (event) => {
  clientOutcome.textContent = event.detail.outcome;
});
document.getElementById('open').addEventListener('click', () => (widget.open = true));
document.getElementById('clear').addEventListener('click', () => log.replaceChildren());

for (const type of EVENTS) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.className = type.slice(4);
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = type;
    item.append(name, ` ${JSON.stringify(event.detail)}`);
    log.append(item);
    item.scrollIntoView({ block: 'nearest' });
  });
}

// The page starts with the first provider working, or as `?outage=frame|api` says (a reload included).
form.outage.value = ['frame', 'api'].includes(query.get('outage')) ? query.get('outage') : 'none';
setOutage(form.outage.value).finally(apply);
