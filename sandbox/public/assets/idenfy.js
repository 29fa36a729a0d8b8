// Sandbox iDenfy UI, served at /idenfy/ (iDenfy's is https://ui.idenfy.com/?authToken=…&lang=…).
// Speaks iDenfy's wire format (docs/providers/idenfy.md): nothing at all until the session ends (the
// host takes the iframe's load event as "ready"), then one message to window.parent, host origin as
// targetOrigin: {status, manualStatus, autoSuspected, manualSuspected}. iDenfy's encoding and letter
// case are not documented, so both are selectable. Nothing is accepted from the host.
//
// Query: authToken, lang (what the widget adds); script, delay. iDenfy sends no ids over messages.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   status:<status>[:<manualStatus>]   {status, manualStatus?, autoSuspected: false, manualSuspected: false}
//                                      status APPROVED | FAILED | UNVERIFIED; manualStatus APPROVED | FAILED | WAITING
//   kyb:<success|failed>               iDenfy KYB's message: {status: "success" | "failed"} as an object
//   case:lower | case:upper | case:keep
//                                      letter case of later messages' keys and string values (default keep:
//                                      camelCase keys, values as given)
// Encodings: json (default, a JSON string), object.
import { asJson, asObject, boot, createWire, params, renderPanel, reportFinish } from './provider-kit.js';

const wire = createWire({ encodings: { json: asJson, object: asObject } });
const CASES = {
  keep: (text) => text,
  lower: (text) => text.toLowerCase(),
  upper: (text) => text.toUpperCase(),
};
let letterCase = CASES.keep;

function send(status, manualStatus) {
  const message = { status };
  if (manualStatus) message.manualStatus = manualStatus;
  Object.assign(message, { autoSuspected: false, manualSuspected: false });
  const cased = Object.fromEntries(
    Object.entries(message).map(([key, value]) => [
      letterCase(key),
      typeof value === 'string' ? letterCase(value) : value,
    ]),
  );
  return wire.send(cased);
}

boot(wire, {
  scripted: {
    title: 'iDenfy',
    actions: {
      status: ({ args: [status = 'APPROVED', manual] }) => send(status, manual),
      kyb: ({ rest }) => wire.postRaw({ status: rest === 'failed' ? 'failed' : 'success' }),
      case: ({ rest }) => {
        letterCase = CASES[rest] ?? CASES.keep;
      },
    },
  },
  interactive,
});

function interactive() {
  // The decision iDenfy's webhook then carries (status.overall APPROVED, DENIED, REVIEWING).
  const end = (decision, status, manualStatus) => () => {
    reportFinish('idenfy', params.get('authToken'), decision);
    return send(status, manualStatus);
  };
  renderPanel({
    title: 'iDenfy',
    intro: 'Click through an iDenfy session. iDenfy says nothing until the end, then sends one status message.',
    groups: [
      {
        label: 'Finish',
        buttons: [
          { id: 'approved', text: 'Approved', primary: true, run: end('approved', 'APPROVED', 'APPROVED') },
          { id: 'failed', text: 'Failed', run: end('declined', 'FAILED', 'FAILED') },
          { id: 'waiting', text: 'Waiting for a manual review', run: end('review', 'APPROVED', 'WAITING') },
        ],
      },
      {
        label: 'Leave',
        buttons: [{ id: 'unverified', text: 'Leave without finishing (UNVERIFIED)', run: () => send('UNVERIFIED') }],
      },
    ],
  });
}
