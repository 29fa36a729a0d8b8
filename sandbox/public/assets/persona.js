// Sandbox Persona embedded flow, served at /persona/widget (Persona's own path is /widget).
// Speaks Persona's wire format (docs/providers/persona.md): objects
// `{containerId, templateId?, name, metadata?, error?}` to window.parent, posted to the `iframe-origin`
// query parameter's origin (as Persona's frame does; else the referrer, see frame.js). `containerId` is
// the `container-id` query parameter. Host → frame: `{action: "open"|"exit"|"destroy", metadata}`.
//
// Query: container-id, iframe-origin, inquiry-template-id | template-id, inquiry-id, session-token,
// language, flow-type (what the widget adds); `session` = the inquiry id this sandbox reports
// (default: inquiry-id, else inq_sbx<random>); script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   load                              {name: "load"}                      (loaded, not ready yet)
//   ready[:<height>]                  {name: "ready", metadata: {preferredDimensions: {minimumWidth, maximumWidth, minimumHeight?, maximumHeight}, styles: {}}}
//                                     (Persona's fields: CSS lengths, as persona 5.9's onReady reads them)
//   await-open                        waits for the host's {action: "open"} not yet awaited
//   check-flow                        the flow type rule of Persona's SDK: flow-type=embedded (its modal)
//                                     must be opened with {action: "open"}; flow-type=inline never is; a
//                                     breach is reported as an error {code: "flow-type-mismatch"}
//                                     (interactive mode runs it after ready; its buttons wait for it)
//   start                             {name: "start", metadata: {inquiryId}}
//   page-change:<pathname>[:<height>] {name: "page-change", metadata: {pathname, pageHeight?}}
//   complete[:<status>]               {name: "complete", metadata: {inquiryId, status, fields: {}}}  status default "completed"
//   fail[:<status>]                   {name: "fail", metadata: {inquiryId, status, fields: {}}}      status default "failed"
//   exit                              {name: "exit", metadata: {inquiryId, sessionToken}} (a fake resume token)
//   error[:<code>[:<status>]]         {name: "error", error: {status, code, message}}  code default "application_error", status 400
//   load-camera-failed                {name: "load-camera-failed", metadata: {}}
//   camera-check:<yes|no>             {name: "camera-permissions-check-result", metadata: {hasCameraPermission, hasMicrophonePermission}}
//   event:<name>                      {name: <name>, metadata: {}}        (analytics names the widget ignores)
//   container:<id>                    later messages carry this containerId ("container:" → back to the URL's)
//   inquiry:<id>                      later messages carry this inquiryId
// Encodings: object (default), json (the same as a JSON string).
import {
  asJson,
  asObject,
  boot,
  contentHeight,
  createWire,
  numberOr,
  params,
  randomHex,
  renderPanel,
  reportFinish,
} from './provider-kit.js';

const wire = createWire({ originParam: 'iframe-origin', encodings: { object: asObject, json: asJson } });
const urlContainer = params.get('container-id') ?? '';
const templateId = params.get('inquiry-template-id') ?? params.get('template-id') ?? undefined;
let containerId = urlContainer;
let inquiryId = params.get('session') || params.get('inquiry-id') || `inq_sbx${randomHex()}`;

function send(name, extra = {}) {
  const message = { containerId, name, ...extra };
  if (templateId) message.templateId = templateId;
  return wire.send(message);
}

const finish = (name, status) => send(name, { metadata: { inquiryId, status, fields: {} } });
const error = (code = 'application_error', status = 400) =>
  send('error', { error: { status: numberOr(String(status)), code, message: `Sandbox error (${code})` } });

const messages = {
  load: () => send('load'),
  ready: (height) =>
    send('ready', {
      metadata: {
        preferredDimensions: {
          minimumWidth: '400px',
          maximumWidth: '768px',
          ...(height === undefined ? {} : { minimumHeight: `${numberOr(height)}px` }),
          maximumHeight: '900px',
        },
        styles: {},
      },
    }),
  start: () => send('start', { metadata: { inquiryId } }),
  page: (pathname, height) =>
    send('page-change', { metadata: height === undefined ? { pathname } : { pathname, pageHeight: numberOr(height) } }),
  exit: () => send('exit', { metadata: { inquiryId, sessionToken: `sbx_tok_persona_resume_${randomHex()}` } }),
  camera: () => send('load-camera-failed', { metadata: {} }),
};

boot(wire, {
  scripted: {
    title: 'Persona',
    actions: {
      load: messages.load,
      ready: ({ args: [height] }) => messages.ready(height),
      'await-open': () => wire.next((m) => m && typeof m === 'object' && m.action === 'open'),
      'check-flow': checkFlow,
      start: messages.start,
      'page-change': ({ args: [pathname = '/', height] }) => messages.page(pathname, height),
      complete: ({ rest }) => finish('complete', rest || 'completed'),
      fail: ({ rest }) => finish('fail', rest || 'failed'),
      exit: messages.exit,
      error: ({ args: [code, status] }) => error(code || undefined, status || undefined),
      'load-camera-failed': messages.camera,
      'camera-check': ({ rest }) =>
        send('camera-permissions-check-result', {
          metadata: { hasCameraPermission: rest === 'yes', hasMicrophonePermission: rest === 'yes' },
        }),
      event: ({ rest }) => send(rest, { metadata: {} }),
      container: ({ rest }) => {
        containerId = rest || urlContainer;
      },
      inquiry: ({ rest }) => {
        inquiryId = rest;
      },
    },
  },
  interactive,
});

/**
 * Embedded (modal) must be opened within a second of ready; inline must not be. True when the host kept
 * the rule; a breach is posted as an error (flow-type-mismatch), as Persona's SDK would never cause one.
 */
async function checkFlow() {
  const flowType = params.get('flow-type');
  const opened = await Promise.race([
    wire.next((m) => m && typeof m === 'object' && m.action === 'open').then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
  ]);
  if ((flowType === 'embedded') === opened) return true;
  error('flow-type-mismatch', 400);
  return false;
}

function interactive() {
  const page = (pathname) => () => messages.page(pathname, contentHeight());
  // The decision Persona's webhook then carries (inquiry.approved, .declined, .marked-for-review).
  const finishWith = (name, status, decision) => () => {
    reportFinish('persona', inquiryId, decision);
    return finish(name, status);
  };
  // The buttons wait for the flow-type check, so its verdict (an error, if any) precedes whatever they send.
  const panel = renderPanel({
    title: 'Persona',
    enabled: false,
    intro: 'Click through an embedded Persona inquiry. Every button sends the message Persona’s frame sends.',
    groups: [
      {
        label: 'Flow',
        buttons: [
          { id: 'start', text: 'Start', primary: true, run: messages.start },
          { id: 'page-document', text: 'Go to the document page', run: page('/verify/government-id') },
          { id: 'page-selfie', text: 'Go to the selfie page', run: page('/verify/selfie') },
        ],
      },
      {
        label: 'Finish (submits, then the outcome)',
        buttons: [
          {
            id: 'complete-approved',
            text: 'Complete: approved',
            primary: true,
            run: finishWith('complete', 'approved', 'approved'),
          },
          { id: 'complete-declined', text: 'Complete: declined', run: finishWith('complete', 'declined', 'declined') },
          {
            id: 'complete-review',
            text: 'Complete: needs review',
            run: finishWith('complete', 'needs_review', 'review'),
          },
          { id: 'fail', text: 'Fail', run: finishWith('fail', 'failed', 'declined') },
        ],
      },
      {
        label: 'Leave or break',
        buttons: [
          { id: 'exit', text: 'Exit (cancel)', run: messages.exit },
          { id: 'error', text: 'Error: application_error', run: () => error('application_error') },
          { id: 'error-config', text: 'Error: inactive_template', run: () => error('inactive_template', 422) },
          { id: 'expire', text: 'Session expired (unauthenticated)', run: () => error('unauthenticated', 401) },
          { id: 'camera', text: 'Camera failed to load', run: messages.camera },
        ],
      },
    ],
    facts: [
      ['containerId', containerId || '(none in the URL)'],
      ['inquiryId', inquiryId],
    ],
  });
  wire.onMessage((message) => {
    if (message && typeof message === 'object' && typeof message.action === 'string')
      panel.say(`The host sent action "${message.action}".`);
  });
  messages.load();
  messages.ready(contentHeight());
  void checkFlow().then((kept) => {
    panel.say(kept ? 'Flow type checked.' : 'The host broke the flow-type rule (flow-type-mismatch sent).');
    panel.setEnabled(true);
  });
}
