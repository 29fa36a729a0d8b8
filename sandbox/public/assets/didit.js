// Sandbox Didit verification page, served at /didit/session/<token> (also /didit/u/<id>), like
// https://verify.didit.me/session/<token>. Speaks Didit's wire format (docs/providers/didit.md): objects
// {type: "didit:<event>", data?, timestamp} to window.parent, host origin as targetOrigin. Nothing is
// accepted from the host.
//
// Query: sdk_presentation (the widget adds "embedded"; layout messages are sent only then, as by
// Didit); `session` = the sessionId (default sbx-<random>); script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   ready                        didit:ready {sessionId}
//   started                      didit:started
//   step:<step>                  didit:step_started {step}
//   step-done:<step>[:<next>]    didit:step_completed {step, nextStep?}
//   step-changed:<step>[:<prev>] didit:step_changed {step, previousStep?}
//   submitted                    didit:verification_submitted
//   completed[:<status>]         didit:completed {sessionId, status?}  (Approved, Declined, In Review, …)
//   cancelled                    didit:cancelled
//   close                        didit:close_request
//   error[:<error>[:<step>]]     didit:error {error, step?}  error default "unknown_error" (camera_permission_denied …)
//   layout:<px>                  didit:layout {contentHeight}
//   event:<name>                 didit:<name> {}  (analytics names the widget ignores)
// Encodings: object (default), json.
import {
  asJson,
  asObject,
  boot,
  createWire,
  numberOr,
  params,
  randomHex,
  renderPanel,
  reportFinish,
  sessionFromSandbox,
  watchHeight,
} from './provider-kit.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });
let sessionId = params.get('session') || `sbx-${randomHex(8)}`;
const embedded = params.get('sdk_presentation') === 'embedded';

function send(event, data) {
  const message = { type: `didit:${event}`, timestamp: Date.now() };
  if (data) message.data = data;
  return wire.send(message);
}

const withOptional = (fields, key, value) => (value ? { ...fields, [key]: value } : fields);
const messages = {
  ready: () => send('ready', { sessionId }),
  started: () => send('started'),
  step: (step) => send('step_started', { step }),
  changed: (step, previousStep) => send('step_changed', withOptional({ step }, 'previousStep', previousStep)),
  submitted: () => send('verification_submitted'),
  completed: (status) => send('completed', withOptional({ sessionId }, 'status', status)),
  error: (error = 'unknown_error', step) => send('error', withOptional({ error }, 'step', step)),
};

boot(wire, {
  scripted: {
    title: 'Didit',
    actions: {
      ready: messages.ready,
      started: messages.started,
      step: ({ rest }) => messages.step(rest),
      'step-done': ({ args: [step = '', nextStep] }) =>
        send('step_completed', withOptional({ step }, 'nextStep', nextStep)),
      'step-changed': ({ args: [step = '', previous] }) => messages.changed(step, previous),
      submitted: messages.submitted,
      completed: ({ rest }) => messages.completed(rest || undefined),
      cancelled: () => send('cancelled'),
      close: () => send('close_request'),
      error: ({ args: [error, step] }) => messages.error(error || undefined, step),
      layout: ({ rest }) => send('layout', { contentHeight: numberOr(rest) }),
      event: ({ rest }) => send(rest, {}),
    },
  },
  interactive,
});

/** The session token in this page's own URL (/didit/session/<token>), the sandbox's key for its session. */
function sessionOfPage() {
  return /\/didit\/session\/([^/?#]+)/.exec(location.pathname)?.[1];
}

async function interactive() {
  // A session from the sandbox's session API has its session_id, as a real one does.
  if (!params.get('session')) sessionId = (await sessionFromSandbox('didit', sessionOfPage())) ?? sessionId;
  // The decision Didit's webhook then carries (status.updated: Approved, Declined, In Review).
  const complete = (status, decision) => () => {
    reportFinish('didit', sessionOfPage(), decision);
    return messages.completed(status);
  };
  renderPanel({
    title: 'Didit',
    intro: 'Click through a Didit session. Every button sends the didit:* message Didit’s page sends.',
    groups: [
      {
        label: 'Flow',
        buttons: [
          { id: 'start', text: 'Start', primary: true, run: () => (messages.started(), messages.step('document')) },
          { id: 'step-selfie', text: 'Selfie step', run: () => messages.changed('selfie', 'document') },
          { id: 'submit', text: 'Submit', run: messages.submitted },
        ],
      },
      {
        label: 'Result',
        buttons: [
          { id: 'approve', text: 'Approved', primary: true, run: complete('Approved', 'approved') },
          { id: 'decline', text: 'Declined', run: complete('Declined', 'declined') },
          { id: 'review', text: 'In review', run: complete('In Review', 'review') },
        ],
      },
      {
        label: 'Leave or break',
        buttons: [
          { id: 'cancel', text: 'Cancel', run: () => send('cancelled') },
          { id: 'close', text: 'Close request', run: () => send('close_request') },
          { id: 'error', text: 'Error', run: () => messages.error('unknown_error') },
          {
            id: 'camera',
            text: 'Camera permission denied',
            run: () => messages.error('camera_permission_denied', 'selfie'),
          },
        ],
      },
    ],
    facts: [['sessionId', sessionId]],
  });
  messages.ready();
  if (embedded) watchHeight((height) => send('layout', { contentHeight: height }));
}
