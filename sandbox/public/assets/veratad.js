// Sandbox Veratad VX journey, served at /veratad/<link id> (Veratad's links look like
// https://vx-fe.dcams.app/<uuid>). Speaks VX's wire format (docs/providers/veratad.md), to window.parent,
// host origin as targetOrigin: bare strings (PASS, FAIL, ALREADY VERIFIED, ERROR, LINK EXPIRED,
// BOT DETECTED, CLOSE) or, as a direct link's "window top post messages", objects
// {status, component, error, event}. VX sends nothing before that: the host takes the iframe's load as ready.
//
// Query: script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   word:<WORD>                                 a bare string, e.g. word:PASS, word:LINK%20EXPIRED
//   state:<status>[:<component>[:<error>[:<event>]]]
//                                               an object; empty parts are sent as "" (as VX does before
//                                               a component finished), e.g. state:PENDING:DCAMS::NEXT
// Encodings (objects only): object (default), json.
import { asJson, asObject, boot, createWire, renderPanel } from './provider-kit.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });

const word = (text) => {
  wire.postRaw(text);
  return `Sent: ${text}`;
};
const state = (status = '', component = '', error = '', event = '') => wire.send({ status, component, error, event });

boot(wire, {
  scripted: {
    title: 'Veratad VX',
    actions: {
      word: ({ rest }) => word(rest),
      state: ({ args }) => state(...args),
    },
  },
  interactive,
});

function interactive() {
  renderPanel({
    title: 'Veratad VX',
    intro:
      'Click through a Veratad VX journey. VX says nothing until a component finishes, then posts a word or a status object.',
    groups: [
      {
        label: 'Journey',
        buttons: [
          {
            id: 'next',
            text: 'Document done, next component (PENDING, NEXT)',
            run: () => state('PENDING', 'DCAMS', '', 'NEXT'),
          },
          {
            id: 'reattempt',
            text: 'Document unreadable, try again (REATTEMPT)',
            run: () => state('PENDING', 'DCAMS', '', 'REATTEMPT'),
          },
        ],
      },
      {
        label: 'Finish',
        buttons: [
          { id: 'pass', text: 'PASS', primary: true, run: () => word('PASS') },
          { id: 'fail', text: 'FAIL', run: () => word('FAIL') },
          { id: 'pass-object', text: 'PASS (status object)', run: () => state('PASS', 'DCAMS', '', '') },
        ],
      },
      {
        label: 'Leave or fail',
        buttons: [
          { id: 'close', text: 'Close (CLOSE)', run: () => word('CLOSE') },
          { id: 'expired', text: 'LINK EXPIRED', run: () => word('LINK EXPIRED') },
          { id: 'bot', text: 'BOT DETECTED', run: () => word('BOT DETECTED') },
        ],
      },
    ],
  });
}
