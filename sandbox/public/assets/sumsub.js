// Sandbox Sumsub WebSDK frame, served at /sumsub/websdk/websdk.html (Sumsub's own path is
// /websdk/websdk.html). Speaks Sumsub's wire format (docs/providers/sumsub.md): objects
// `{method: "idCheck.*", sessionId, …}` to window.parent, host origin as targetOrigin.
//
// Handshake (the `ready` step; automatic in interactive mode):
//   1. sends {method: "idCheck.onReady", frameId, sessionId}; frameId is the `_` query parameter;
//   2. waits for {method: "idCheck.init", accessToken, lang, …} from the host;
//   3. checks the init: accessToken must be a string and, when the URL has a frame id, "id_" + base64
//      of it must be that frame id (Sumsub's format); otherwise it sends
//      {method: "idCheck.onError", code: "init-rejected", error} and stops;
//   4. only then sends {method: "idCheck.onInitialized"} and {method: "idCheck.onApplicantLoaded", applicantId}.
// Every message after onReady carries the bound sessionId. {method: "idCheck.updateAccessToken",
// accessToken, error?} from the host is accepted at any time (echoed with echo=1; in interactive mode
// the buttons, disabled by "Token expired", come back with it, as the real flow waits for a new token).
//
// Query: _ (frame id), theme (what the widget adds); `session` = the applicant id (default
// sbx_applicant_<random>); `sdk-session` = the handshake sessionId (default sbx_sdk_<random>, new per
// page load); `echo=1` reports what the host sent as idCheck.onStepInitiated {idDocSetType}:
// "init:<lang>:<theme or auto>" after the handshake and "token:<last 6 characters | none>" for each
// updateAccessToken (so tests can see them as kyc-progress steps); script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   ready                                 the whole handshake above
//   on-ready[:<frameId>]                  only step 1 (optionally with another frameId)
//   await-init                            only steps 2–4
//   applicant:<id>                        idCheck.onApplicantLoaded {applicantId}
//   step:<idDocSetType>                   idCheck.onStepInitiated {idDocSetType, types}
//   step-done:<idDocSetType>              idCheck.onStepCompleted {idDocSetType}
//   progress:<currentStep>:<totalSteps>   idCheck.onVerificationProgressChanged {currentStep, totalSteps}
//   submitted | resubmitted               idCheck.onApplicantSubmitted | idCheck.onApplicantResubmitted
//   status:<reviewStatus>[:<reviewAnswer>[:<reviewRejectType>]]
//                                         idCheck.onApplicantStatusChanged {reviewStatus, reviewResult?}
//   error:<code>[:<message>]              idCheck.onError {code, error}   (error:invalid-token = token expired)
//   upload-error[:<code>]                 idCheck.onUploadError {code, error}
//   await-token                           waits for an idCheck.updateAccessToken not yet awaited
//   resize:<px>                           idCheck.onResize {height}
//   session:<id>                          later messages carry this sessionId ("session:" → the bound one)
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
import { resolveHostOrigin } from './frame.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });
// Read raw, as the WebSDK writes it (`?_=id_<base64>`, `+`, `/` and `=` unescaped): URLSearchParams would turn `+` into a space.
const frameId = /[?&]_=([^&]*)/.exec(location.search)?.[1];
const boundSession = params.get('sdk-session') || `sbx_sdk_${randomHex()}`;
let applicantId = params.get('session') || `sbx_applicant_${randomHex()}`;
const echo = params.get('echo') === '1';
let sessionId = boundSession;

const TYPES = {
  IDENTITY: ['ID_CARD', 'PASSPORT', 'DRIVERS'],
  SELFIE: ['SELFIE'],
  PROOF_OF_RESIDENCE: ['UTILITY_BILL'],
};

const send = (method, fields = {}) => wire.send({ method, sessionId, ...fields });
const isMethod = (name) => (m) => m && typeof m === 'object' && m.method === name;

/** Standard base64 of the UTF-8 bytes, as the widget computes the frame id. */
function base64(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

let initProblem;

function onReady(id = frameId) {
  wire.send({ method: 'idCheck.onReady', frameId: id, sessionId: boundSession });
}

/** Steps 2–4 of the handshake; 'stop' when the init is not acceptable. */
async function awaitInit() {
  const init = await wire.next(isMethod('idCheck.init'));
  const token = typeof init.accessToken === 'string' && init.accessToken ? init.accessToken : undefined;
  if (!token || (frameId !== undefined && frameId !== `id_${base64(token)}`)) {
    send('idCheck.onError', {
      code: 'init-rejected',
      error: 'idCheck.init did not carry the access token of this frame',
    });
    return 'stop';
  }
  // What the WebSDK 2.9 always sends beside the token: checked here, so that the widget's tests mean something.
  const problem =
    typeof init.packageVersion !== 'string'
      ? 'packageVersion is missing'
      : init.origin !== resolveHostOrigin()
        ? `origin ${init.origin} is not the host page's`
        : typeof init.options !== 'object' ||
            typeof init.options?.adaptIframeHeight !== 'boolean' ||
            typeof init.options?.enableScrollIntoView !== 'boolean'
          ? 'options.adaptIframeHeight / enableScrollIntoView are missing'
          : typeof init.lang !== 'string'
            ? 'lang is missing'
            : undefined;
  if (problem) {
    send('idCheck.onError', { code: 'init-malformed', error: `idCheck.init is not what the WebSDK sends: ${problem}` });
    initProblem = problem;
    return 'stop';
  }
  send('idCheck.onInitialized');
  send('idCheck.onApplicantLoaded', { applicantId });
  if (echo) send('idCheck.onStepInitiated', { idDocSetType: `init:${init.lang}:${init.theme ?? 'auto'}`, types: [] });
  return undefined;
}

async function handshake() {
  onReady();
  return awaitInit();
}

wire.onMessage((message) => {
  if (!isMethod('idCheck.updateAccessToken')(message)) return;
  if (echo) {
    const tail = typeof message.accessToken === 'string' ? message.accessToken.slice(-6) : 'none';
    send('idCheck.onStepInitiated', { idDocSetType: `token:${tail}`, types: [] });
  }
});

const messages = {
  step: (type) => send('idCheck.onStepInitiated', { idDocSetType: type, types: TYPES[type] ?? [] }),
  stepDone: (type) => send('idCheck.onStepCompleted', { idDocSetType: type }),
  progress: (current, total) =>
    send('idCheck.onVerificationProgressChanged', { currentStep: numberOr(current), totalSteps: numberOr(total) }),
  submitted: () => send('idCheck.onApplicantSubmitted'),
  status: (reviewStatus, reviewAnswer, reviewRejectType) => {
    const fields = { reviewStatus };
    if (reviewAnswer) fields.reviewResult = reviewRejectType ? { reviewAnswer, reviewRejectType } : { reviewAnswer };
    return send('idCheck.onApplicantStatusChanged', fields);
  },
  error: (code, error = `Sandbox error (${code})`) => send('idCheck.onError', { code, error }),
  uploadError: (code = 'upload-error') =>
    send('idCheck.onUploadError', { code, error: 'The file could not be uploaded' }),
};

boot(wire, {
  scripted: {
    title: 'Sumsub',
    actions: {
      ready: handshake,
      'on-ready': ({ rest }) => onReady(rest || frameId),
      'await-init': awaitInit,
      applicant: ({ rest }) => send('idCheck.onApplicantLoaded', { applicantId: rest }),
      step: ({ rest }) => messages.step(rest),
      'step-done': ({ rest }) => messages.stepDone(rest),
      progress: ({ args: [current = '', total = ''] }) => messages.progress(current, total),
      submitted: messages.submitted,
      resubmitted: () => send('idCheck.onApplicantResubmitted'),
      status: ({ args: [reviewStatus = 'completed', answer, reject] }) => messages.status(reviewStatus, answer, reject),
      error: ({ args: [code = 'sandbox-error', message] }) => messages.error(code, message),
      'upload-error': ({ rest }) => messages.uploadError(rest || undefined),
      'await-token': () => wire.next(isMethod('idCheck.updateAccessToken')),
      resize: ({ rest }) => send('idCheck.onResize', { height: numberOr(rest) }),
      session: ({ rest }) => {
        sessionId = rest || boundSession;
      },
    },
  },
  interactive,
});

/** The access token this frame was opened for, from its frame id (`id_` + base64 of the token's UTF-8 bytes). */
function tokenOfFrame() {
  if (!frameId?.startsWith('id_')) return undefined;
  try {
    return new TextDecoder().decode(
      Uint8Array.from(atob(decodeURIComponent(frameId.slice(3))), (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

async function interactive() {
  // A token from the sandbox's access-token API names its applicant, as a real one does.
  if (!params.get('session')) applicantId = (await sessionFromSandbox('sumsub', tokenOfFrame())) ?? applicantId;
  // The decision Sumsub's webhook then carries (applicantReviewed GREEN / RED, applicantOnHold).
  const review =
    (decision, ...status) =>
    () => {
      reportFinish('sumsub', tokenOfFrame(), decision);
      return messages.status(...status);
    };
  // Like the real WebSDK, the flow waits for a new token after invalid-token: the buttons come back with it.
  const expire = () => {
    messages.error('invalid-token', 'Access token expired');
    panel.setEnabled(false);
    return 'Token expired: waiting for idCheck.updateAccessToken…';
  };
  const panel = renderPanel({
    title: 'Sumsub WebSDK',
    intro:
      'Click through a Sumsub WebSDK flow. The handshake (onReady → init → onInitialized) runs first; every button sends the message Sumsub’s frame sends.',
    enabled: false,
    groups: [
      {
        label: 'Flow',
        buttons: [
          {
            id: 'step-identity',
            text: 'Identity document step',
            primary: true,
            run: () => (messages.step('IDENTITY'), messages.progress(1, 2)),
          },
          {
            id: 'step-selfie',
            text: 'Selfie step',
            run: () => (messages.stepDone('IDENTITY'), messages.step('SELFIE'), messages.progress(2, 2)),
          },
          { id: 'submit', text: 'Submit', run: messages.submitted },
        ],
      },
      {
        label: 'Review result',
        buttons: [
          { id: 'approve', text: 'Approved (GREEN)', primary: true, run: review('approved', 'completed', 'GREEN') },
          { id: 'decline', text: 'Declined (RED)', run: review('declined', 'completed', 'RED', 'FINAL') },
          { id: 'pending', text: 'Pending review', run: () => messages.status('pending') },
          { id: 'on-hold', text: 'On hold', run: review('review', 'onHold') },
        ],
      },
      {
        label: 'Problems',
        buttons: [
          { id: 'expire', text: 'Token expired (invalid-token)', run: expire },
          { id: 'error', text: 'Error', run: () => messages.error('sandbox-error') },
          { id: 'upload-error', text: 'Upload error', run: () => messages.uploadError('file-too-large') },
        ],
      },
    ],
    facts: [
      ['frameId', frameId ?? '(none in the URL)'],
      ['sessionId', boundSession],
      ['applicantId', applicantId],
    ],
  });
  wire.onMessage((message) => {
    if (!isMethod('idCheck.updateAccessToken')(message)) return;
    // The token itself is a secret: never shown.
    if (message.accessToken) panel.setEnabled(true);
    panel.say(
      message.accessToken
        ? 'The host sent a new access token; the flow goes on.'
        : 'The host could not refresh the token.',
    );
  });
  panel.say('Waiting for idCheck.init from the host…');
  if ((await handshake()) === 'stop') {
    panel.say(
      initProblem
        ? `idCheck.init is not what the WebSDK sends: ${initProblem}.`
        : 'idCheck.init did not carry this frame’s access token.',
    );
    return;
  }
  panel.setEnabled(true);
  panel.say('Initialized.');
  watchHeight((height) => send('idCheck.onResize', { height }));
}
