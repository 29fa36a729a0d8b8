// Sandbox ZignSec Scanning, served at /zignsec/ui/scanning-dp50/<sessionId> (ZignSec's is
// https://gateway.zignsec.com/ui/scanning-dp50/<sessionId>?otp=…). Speaks ZignSec's wire format
// (docs/providers/zignsec.md), to window.parent, host origin as targetOrigin: one message when the flow
// ends, {product: "SCANNING", payload: {sessionId, sessionStatus, relayState, errorCode, errorDetails}}.
// Nothing before that: the host takes the iframe's load as ready.
//
// Query: relay (relayState, default null); script, delay. The session id is the last path segment.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   result:<sessionStatus>           no error, e.g. result:Accepted, result:OperatorRequired
//   error:<errorCode>[:<status>]     e.g. error:LINK_EXPIRED:OperatorRequired (ZignSec's example)
//   session:<id>                     later messages carry this sessionId
// Encodings: object (default), json.
import { asJson, asObject, boot, createWire, params, renderPanel } from './provider-kit.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });
let sessionId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const relayState = params.get('relay');

const DETAILS = { LINK_EXPIRED: 'The link is already used or expired' };

function send(sessionStatus, errorCode = null) {
  const errorDetails = errorCode ? (DETAILS[errorCode] ?? 'Sandbox error') : null;
  return wire.send({ product: 'SCANNING', payload: { sessionId, sessionStatus, relayState, errorCode, errorDetails } });
}

boot(wire, {
  scripted: {
    title: 'ZignSec Scanning',
    actions: {
      result: ({ rest }) => send(rest || 'Accepted'),
      error: ({ args: [code, status] }) => send(status || 'OperatorRequired', code || 'LINK_EXPIRED'),
      session: ({ rest }) => {
        sessionId = rest;
      },
    },
  },
  interactive,
});

function interactive() {
  renderPanel({
    title: 'ZignSec Scanning',
    intro: 'Click through a ZignSec document scan. ZignSec posts one message when the flow ends.',
    groups: [
      {
        label: 'Finish',
        buttons: [
          { id: 'accepted', text: 'Accepted', primary: true, run: () => send('Accepted') },
          { id: 'operator', text: 'Operator review needed (OperatorRequired)', run: () => send('OperatorRequired') },
        ],
      },
      {
        label: 'Errors',
        buttons: [
          { id: 'expired', text: 'Link expired (LINK_EXPIRED)', run: () => send('OperatorRequired', 'LINK_EXPIRED') },
        ],
      },
    ],
    facts: [['sessionId', sessionId]],
  });
}
