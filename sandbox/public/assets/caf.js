// Sandbox CAF Onboarding, served at /caf/<token> (CAF's links are https://cadastro.io/<token>).
// Speaks CAF's wire format (docs/providers/caf.md), to window.parent, host origin as targetOrigin:
// objects {code, response?}; STEP_STARTED / STEP_COMPLETED {stepName, stepIndex}, capture and permission
// codes, ONBOARDING_FINISHED {executionId} at the end. CAF has no ready, cancel or fatal-error message.
//
// Query: script, delay; `session` = the executionId reported at the end (default sbx_exec_<random>).
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   step:<stepName>:<stepIndex>      STEP_STARTED
//   done:<stepName>:<stepIndex>      STEP_COMPLETED
//   event:<CODE>                     that code with the detail CAF's table gives it (SDK_CAMERA_DENIED,
//                                    SDK_CAPTURE_FAILED, SDK_CAPTURE_INVALID, SDK_CAPTURE_DENIED,
//                                    LIVENESS_IPROOV_ERROR, DOCUMENT_TYPE_SELECTED, …; others: {})
//   finished                         ONBOARDING_FINISHED {executionId}
// Encodings: object (default, CAF's), json.
import { asJson, asObject, boot, createWire, numberOr, params, randomHex, renderPanel } from './provider-kit.js';

const wire = createWire({ encodings: { object: asObject, json: asJson } });
const executionId = params.get('session') || `sbx_exec_${randomHex()}`;

/** The detail CAF's events table shows for each code. */
const DETAILS = {
  SDK_CAMERA_DENIED: { StepName: 'LIVENESS_IPROOV' },
  SDK_CAPTURE_DENIED: { assuranceType: 'liveness' },
  SDK_CAPTURE_FAILED: { assuranceType: 'liveness', reason: 'Try again', passed: false },
  SDK_CAPTURE_INVALID: { assuranceType: 'liveness', reason: 'error_device_motion_unsupported' },
  SDK_CAPTURE_RESULT: { isAlive: true },
  DOCUMENT_TYPE_SELECTED: { type: 'CNH' },
  LIVENESS_CAPTURE: { livenessCount: 1 },
};

const send = (code, response = DETAILS[code] ?? {}) => wire.send({ code, response });
const step = (code, name, index) => send(code, { stepName: name, stepIndex: numberOr(String(index ?? 0)) });

boot(wire, {
  scripted: {
    title: 'CAF Onboarding',
    actions: {
      step: ({ args: [name, index] }) => step('STEP_STARTED', name, index),
      done: ({ args: [name, index] }) => step('STEP_COMPLETED', name, index),
      event: ({ rest }) => send(rest),
      finished: () => send('ONBOARDING_FINISHED', { executionId }),
    },
  },
  interactive,
});

function interactive() {
  renderPanel({
    title: 'CAF Onboarding',
    intro: 'Click through a CAF onboarding. CAF reports each step, capture problems and the end of the onboarding.',
    groups: [
      {
        label: 'Steps',
        buttons: [
          { id: 'document', text: 'Start the document step', run: () => step('STEP_STARTED', 'DOCUMENT_TYPE', 1) },
          { id: 'selfie', text: 'Start the selfie step', run: () => step('STEP_STARTED', 'LIVENESS_IPROOV', 2) },
        ],
      },
      {
        label: 'Problems the flow handles',
        buttons: [
          { id: 'camera-denied', text: 'Camera denied (SDK_CAMERA_DENIED)', run: () => send('SDK_CAMERA_DENIED') },
          { id: 'capture-failed', text: 'Capture failed (SDK_CAPTURE_FAILED)', run: () => send('SDK_CAPTURE_FAILED') },
        ],
      },
      {
        label: 'Finish',
        buttons: [
          {
            id: 'finished',
            text: 'Finish (ONBOARDING_FINISHED)',
            primary: true,
            run: () => send('ONBOARDING_FINISHED', { executionId }),
          },
        ],
      },
    ],
    facts: [['executionId', executionId]],
  });
  step('STEP_STARTED', 'INSTRUCTIONS', 0);
}
