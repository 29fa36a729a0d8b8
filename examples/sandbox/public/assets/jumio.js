// Sandbox Jumio web client, served at /jumio/web/<workflowExecutionId> (Jumio's links look like
// https://<prefix>.web.emea-1.jumio.ai/web/v4/app?authorizationToken=…). Speaks Jumio's wire format
// (PROVIDERS.md "jumio"): a JSON string to window.parent, host origin as targetOrigin:
//   {authorizationToken, customerInternalReference, accountId, workflowExecutionId, eventType: 510,
//    dateTime, payload: {value: "loaded"|"success"|"error", metainfo?: {code}}}
// (legacy: transactionReference instead of accountId + workflowExecutionId). Like Jumio's, every
// message carries the authorization token; nothing is accepted from the host (Jumio has no host → frame messages).
//
// Query: authorizationToken (default sbx_tok_jumio_<random>); `session` = the workflowExecutionId
// (default: the last path segment); script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   loaded                 payload {value: "loaded"}
//   success                payload {value: "success"}
//   error[:<code>]         payload {value: "error", metainfo: {code}}  code default 9100, sent as a number when numeric
//                          (9200/9210 token/session expired, 9820/9821/9822 camera, 9835/9836 final, …)
//   workflow:<id>          later messages carry this workflowExecutionId (or transactionReference)
//   legacy                 later messages use transactionReference instead of accountId + workflowExecutionId
// Encodings: json (default, Jumio's), object.
import { asJson, asObject, boot, createWire, numberOr, params, randomHex, renderPanel } from './provider-kit.js';

const wire = createWire({ encodings: { json: asJson, object: asObject } });
const segment = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const authorizationToken = params.get('authorizationToken') || `sbx_tok_jumio_${randomHex()}`;
const accountId = `sbx_account_${randomHex(4)}`;
let workflowId = params.get('session') || segment || `sbx_workflow_${randomHex()}`;
let legacy = false;

function send(value, code) {
  const ids = legacy ? { transactionReference: workflowId } : { accountId, workflowExecutionId: workflowId };
  const payload = code === undefined ? { value } : { value, metainfo: { code: numberOr(String(code)) } };
  return wire.send({
    authorizationToken,
    customerInternalReference: 'sbx-customer-0001',
    ...ids,
    eventType: 510,
    dateTime: new Date().toISOString(),
    payload,
  });
}

boot(wire, {
  scripted: {
    title: 'Jumio',
    actions: {
      loaded: () => send('loaded'),
      success: () => send('success'),
      error: ({ rest }) => send('error', rest || 9100),
      workflow: ({ rest }) => {
        workflowId = rest;
      },
      legacy: () => {
        legacy = true;
      },
    },
  },
  interactive,
});

function interactive() {
  const error = (id, code, text) => ({ id, text: `${text} (${code})`, run: () => send('error', code) });
  renderPanel({
    title: 'Jumio web client',
    intro: 'Click through a Jumio web client session. Jumio reports only loaded, success and error codes; the decision comes from Jumio’s callback.',
    groups: [
      { label: 'Finish', buttons: [{ id: 'success', text: 'Upload finished (success)', primary: true, run: () => send('success') }] },
      {
        label: 'Errors',
        buttons: [
          error('error-server', 9100, 'Server error'),
          error('camera', 9820, 'Camera unavailable'),
          error('camera-face', 9821, 'Face capture failed'),
          error('expired', 9210, 'Session expired'),
          error('token-invalid', 9200, 'Token invalid or expired'),
          error('final', 9835, 'No acceptable submission in 3 attempts'),
        ],
      },
    ],
    facts: [['workflowExecutionId', workflowId]],
  });
  send('loaded');
}
