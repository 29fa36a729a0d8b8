// Sandbox Veriff InContext frame, served at /veriff/v/<session> (Veriff's session URLs look like
// https://alchemy.veriff.com/v/<jwt>). Speaks Veriff's wire format (docs/providers/veriff.md): bare
// strings to window.parent, host origin as targetOrigin.
//
// On load (both modes) it sends "VERIFF_HANDSHAKE" and waits for the host's
// {name: "VERIFF_RENDER", payload: {version, isReloadHandled, embedded, embeddedConfigured, isVeriffIframeMobile}};
// nothing else happens before it. A render unlike the SDK's (see handshake below), or without
// `isReloadHandled: true`, stops the page (a host that cannot reload the frame must not get reload requests)
// and posts the sandbox's own report {sandboxError: "render-refused", message} (not a Veriff message).
//
// Query: lang (what the widget adds); script, delay. Veriff sends no ids over messages.
//
// Scripted mode (`?script=…`, run after the render), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   started | submitted | finished | canceled | cancelled   VERIFF_STARTED | … | VERIFF_CANCELED | VERIFF_CANCELLED
//   reload-request                                           VERIFF_RELOAD_REQUEST (camera permission must be asked again); the script ends
//   force-reload                                             VERIFF_FORCE_RELOAD; the script ends
//   handshake                                                VERIFF_HANDSHAKE again
// `once:reload-request` asks for one reload: the reloaded frame skips it and carries on.
// Encodings: string (default, Veriff's), json ("\"VERIFF_STARTED\""), object ({name: "VERIFF_STARTED"}).
import { asJson, boot, createWire, renderPanel, reportFinish } from './provider-kit.js';

const wire = createWire({ encodings: { string: (name) => name, json: asJson, object: (name) => ({ name }) } });
const NAMES = {
  started: 'VERIFF_STARTED',
  submitted: 'VERIFF_SUBMITTED',
  finished: 'VERIFF_FINISHED',
  canceled: 'VERIFF_CANCELED',
  cancelled: 'VERIFF_CANCELLED',
  'reload-request': 'VERIFF_RELOAD_REQUEST',
  'force-reload': 'VERIFF_FORCE_RELOAD',
  handshake: 'VERIFF_HANDSHAKE',
};
const send = (step) => wire.send(NAMES[step]);

/** Handshake, then the render; undefined when rendered, 'stop' when the render is not usable. */
async function handshake(note = () => {}) {
  send('handshake');
  const render = await wire.next((m) => m && typeof m === 'object' && m.name === 'VERIFF_RENDER');
  const payload = render.payload && typeof render.payload === 'object' ? render.payload : {};
  // The payload @veriff/incontext-sdk 2.5 sends: a version, isReloadHandled (the widget must handle the
  // reload requests this page may send), and `embedded` = embeddedConfigured unless on a phone
  // (isVeriffIframeMobile, when Veriff shows its full-screen layout).
  const consistent =
    typeof payload.version === 'string' &&
    payload.isReloadHandled === true &&
    typeof payload.isVeriffIframeMobile === 'boolean' &&
    typeof payload.embeddedConfigured === 'boolean' &&
    payload.embedded === (payload.embeddedConfigured && !payload.isVeriffIframeMobile);
  if (!consistent) {
    const reason =
      'VERIFF_RENDER is not what the SDK sends (version, isReloadHandled, isVeriffIframeMobile, embeddedConfigured, embedded)';
    note(`${reason}: stopping`);
    // Not Veriff's (its frame just stays blank): the sandbox's own report, so a test can see the refusal.
    wire.postRaw({ sandboxError: 'render-refused', message: reason });
    return 'stop';
  }
  note(`received VERIFF_RENDER ${payload.version ?? ''}`);
  return undefined;
}

const actions = Object.fromEntries(Object.keys(NAMES).map((step) => [step, () => send(step)]));
actions['reload-request'] = () => (send('reload-request'), 'stop');
actions['force-reload'] = () => (send('force-reload'), 'stop');

boot(wire, {
  scripted: { title: 'Veriff', before: handshake, actions },
  interactive,
});

/** The session token in this frame's own URL (/veriff/v/<token>), the sandbox's key for its session. */
function sessionOfFrame() {
  return /\/veriff\/v\/([^/?#]+)/.exec(location.pathname)?.[1];
}

async function interactive() {
  const button = (id, step, text, primary) => ({ id, text, primary, run: () => send(step) });
  // Veriff's frame says only VERIFF_FINISHED; the decision comes from its webhook, which these buttons choose.
  const finish = (id, text, decision, primary) => ({
    id,
    text,
    primary,
    run: () => (reportFinish('veriff', sessionOfFrame(), decision), send('finished')),
  });
  const panel = renderPanel({
    title: 'Veriff InContext',
    intro:
      'Click through a Veriff session. Every button sends the string Veriff’s frame sends; the decision itself only ever comes from Veriff’s webhook.',
    enabled: false,
    groups: [
      {
        label: 'Flow',
        buttons: [
          button('start', 'started', 'Start', true),
          button('submit', 'submitted', 'Submit'),
          finish('finish', 'Finish', 'approved', true),
        ],
      },
      {
        label: 'Finish with another decision (Veriff’s webhook; “Finish” above is approved)',
        buttons: [
          finish('finish-declined', 'Finish: declined', 'declined'),
          finish('finish-review', 'Finish: resubmission requested', 'review'),
        ],
      },
      {
        label: 'Leave or break',
        buttons: [
          button('cancel', 'canceled', 'Cancel'),
          button('reload-request', 'reload-request', 'Camera permission lost (reload request)'),
          button('force-reload', 'force-reload', 'Force a frame reload'),
        ],
      },
    ],
  });
  panel.say('Waiting for VERIFF_RENDER from the host…');
  if ((await handshake()) === 'stop') {
    panel.say('The host’s VERIFF_RENDER is not usable.');
    return;
  }
  panel.setEnabled(true);
  panel.say('Rendered.');
}
