// Sandbox Yoti IDV web client, served at /yoti/idverify/v1/web/index.html (Yoti's is
// https://api.yoti.com/idverify/v1/web/index.html). Speaks Yoti's wire format (docs/providers/yoti.md):
// to window.parent, host origin as targetOrigin, objects {eventType: "SUCCESS" | "ERROR", eventCode?: number}
// at the end of the flow. Launched two ways, as Yoti documents:
//   URL method   ?sessionID=…&sessionToken=…  (the frame says nothing before the end)
//   post method  the bare URL: the frame posts {eventType: "STARTED"} and waits for the host's
//                {eventType: "INIT_SESSION", sessionID, sessionToken}; without both it ends with ERROR
//                2004 (no session id) or 2003 (no session token), as Yoti's client does.
//
// Query: sessionID, sessionToken; script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   started            {eventType: "STARTED"} (the post method sends it by itself first)
//   success            {eventType: "SUCCESS"}
//   error:<code>       {eventType: "ERROR", eventCode: <code as a number>}, e.g. error:1000 (cancelled)
// Encodings: object (default, Yoti's), json.
import { asJson, asObject, boot, createWire, numberOr, params, renderPanel } from './provider-kit.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });
const session = { id: params.get('sessionID'), token: params.get('sessionToken') };
const post = !session.id && !session.token;

const started = () => wire.send({ eventType: 'STARTED' });
const success = () => wire.send({ eventType: 'SUCCESS' });
const error = (code) => wire.send({ eventType: 'ERROR', eventCode: numberOr(String(code)) });

/** The post method's handshake: STARTED, then the host's INIT_SESSION. False when the session is incomplete. */
async function handshake(note) {
  if (!post) return true;
  started();
  note?.('STARTED (post method), waiting for INIT_SESSION');
  const init = await wire.next((message) => message?.eventType === 'INIT_SESSION');
  session.id = typeof init.sessionID === 'string' && init.sessionID ? init.sessionID : null;
  session.token = typeof init.sessionToken === 'string' && init.sessionToken ? init.sessionToken : null;
  if (!session.id) error(2004);
  else if (!session.token) error(2003);
  return Boolean(session.id && session.token);
}

boot(wire, {
  scripted: {
    title: 'Yoti',
    before: async (note) => ((await handshake(note)) ? undefined : 'stop'),
    actions: { started, success, error: ({ rest }) => error(rest || 5004) },
  },
  interactive,
});

async function interactive() {
  const panel = renderPanel({
    title: 'Yoti IDV',
    intro:
      'Click through a Yoti identity verification. Yoti posts one message at the end: SUCCESS, or ERROR with a code.',
    enabled: !post,
    groups: [
      { label: 'Finish', buttons: [{ id: 'success', text: 'Finish (SUCCESS)', primary: true, run: success }] },
      {
        label: 'Errors',
        buttons: [
          { id: 'cancel', text: 'Cancel (1000)', run: () => error(1000) },
          { id: 'camera', text: 'Camera permission not granted (4000)', run: () => error(4000) },
          { id: 'expired', text: 'Session expired (2002)', run: () => error(2002) },
          { id: 'down', text: 'Services unavailable (3000)', run: () => error(3000) },
        ],
      },
    ],
    facts: [['launch', post ? 'post method (INIT_SESSION)' : 'URL parameters']],
  });
  if (await handshake()) panel.setEnabled(true);
}
