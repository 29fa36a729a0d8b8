// The demo host page: applies the settings to <kyc-widget> as properties and logs every kyc-* event
// it hears on `document` (they bubble out of the shadow root).
import { PROVIDER_DEMOS, PROVIDER_LABELS } from '/sandbox/catalog.mjs';

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
  'kyc-close',
];

for (const id of Object.keys(PROVIDER_DEMOS)) form.provider.append(new Option(PROVIDER_LABELS[id] ?? id, id));
const hint = document.getElementById('hint');
form.provider.value = new URLSearchParams(location.search).get('provider') ?? 'generic';

function apply() {
  const demo = PROVIDER_DEMOS[form.provider.value](sandbox);
  // From the endpoint, the page knows no session at all: the widget asks /api/kyc-session (the demo
  // server's stand-in for your backend), and asks again with refresh: true when the session expires.
  const viaEndpoint = form.session.value === 'endpoint';
  // Properties, not attributes: the token never lands in the DOM.
  Object.assign(widget, {
    provider: demo.provider,
    sessionEndpoint: viaEndpoint ? '/api/kyc-session' : undefined,
    sessionToken: viaEndpoint ? undefined : demo.sessionToken,
    sessionUrl: viaEndpoint ? undefined : demo.sessionUrl,
    options: demo.options ?? {},
    allowedOrigins: demo.allowedOrigins,
    mode: form.mode.value,
    locale: form.locale.value || undefined,
    theme: form.theme.value,
    decision: form.decision.value || undefined,
  });
  document.getElementById('open').hidden = form.mode.value !== 'modal';
  const label = PROVIDER_LABELS[form.provider.value] ?? form.provider.value;
  hint.textContent =
    form.mode.value === 'modal'
      ? `Modal mode: ${label}'s sandbox opens in a dialog when you press "Open verification".`
      : `${label}'s sandbox frame loads below${viaEndpoint ? ', with a session from /api/kyc-session' : ''}. Changing the provider or the mode starts a new session.`;
}

form.addEventListener('change', (event) => {
  if (event.target.name === 'decision') widget.decision = form.decision.value || undefined;
  else if (event.target.name === 'locale' || event.target.name === 'theme') {
    widget[event.target.name] = event.target.value || undefined;
    // The widget's own text follows at once; the generic frame follows too, the providers' frames at the next start.
    hint.textContent = `${event.target.name === 'locale' ? 'Language' : 'Theme'} changed: the widget follows at once; ${
      form.provider.value === 'generic' ? 'so does the sandbox frame' : "the provider's frame follows at the next start"
    }.`;
  } else apply();
});
document.getElementById('start').addEventListener('click', () => widget.start());
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

apply();
