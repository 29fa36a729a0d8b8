// Sandbox Jumio web client, served at /jumio/web/<workflowExecutionId> (Jumio's links look like
// https://<prefix>.web.emea-1.jumio.ai/web/v4/app?authorizationToken=…). Speaks Jumio's wire format
// (docs/providers/jumio.md): a JSON string to window.parent, host origin as targetOrigin:
//   {authorizationToken, customerInternalReference, accountId, workflowExecutionId, eventType: 510,
//    dateTime, payload: {value: "loaded"|"success"|"error", metainfo?: {mode, code, codeExternal, publicErrorCode, retriable}}}
// as @jumio/websdk 0.3 posts them (its `tp` function): `code` is the legacy number, `publicErrorCode` the
// domain letter + call + detail (G… = cancelled by the person), `retriable` whether its own UI retries.
// (legacy: transactionReference instead of accountId + workflowExecutionId). Like Jumio's, every
// message carries the authorization token; nothing is accepted from the host (Jumio has no host → frame messages).
//
// Query: authorizationToken (default sbx_tok_jumio_<random>); `session` = the workflowExecutionId
// (default: the last path segment); script, delay.
//
// Scripted mode (`?script=…`), besides wait/raw/encoding/navigate/once (provider-kit.js):
//   loaded                 payload {value: "loaded"}
//   success                payload {value: "success"}
//   error[:<code>[:<retriable>]]  payload {value: "error", metainfo}; code default 9100; retriable as the
//                          real client has it for that code unless given (9100/9300/9301/9400/9800/9822 true;
//                          9200/9210/9801/9836/9900 false)
//   cancel                 the person cancelled: error 9801 with publicErrorCode G…, not retriable
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

/** Legacy code → [public error domain, retriable], as @jumio/websdk's error cases map them. */
const ERRORS = {
  9100: ['A', true],
  9200: ['C', false],
  9210: ['J', false],
  9300: ['A', true],
  9301: ['A', true],
  9400: ['A', true],
  9800: ['E', true],
  9801: ['F', false],
  9822: ['H', true],
  9836: ['B', false],
  9900: ['M', false],
};

function metainfo(code, retriable, domain) {
  const [knownDomain, knownRetriable] = ERRORS[code] ?? ['A', false];
  return {
    mode: 'original',
    code: numberOr(String(code)),
    codeExternal: numberOr(String(code)),
    publicErrorCode: `${domain ?? knownDomain}050000`,
    retriable: retriable ?? knownRetriable,
  };
}

function send(value, code, retriable, domain) {
  const ids = legacy ? { transactionReference: workflowId } : { accountId, workflowExecutionId: workflowId };
  const payload = code === undefined ? { value } : { value, metainfo: metainfo(code, retriable, domain) };
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
      error: ({ args: [code, retriable] }) =>
        send('error', code || 9100, retriable === undefined ? undefined : retriable === 'true'),
      cancel: () => send('error', 9801, false, 'G'),
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
  const error = (id, code, text, domain) => ({
    id,
    text: `${text} (${code})`,
    run: () => send('error', code, undefined, domain),
  });
  renderPanel({
    title: 'Jumio web client',
    intro:
      'Click through a Jumio web client session. Jumio reports only loaded, success and error codes; the decision comes from Jumio’s callback.',
    groups: [
      {
        label: 'Finish',
        buttons: [{ id: 'success', text: 'Upload finished (success)', primary: true, run: () => send('success') }],
      },
      {
        label: 'Errors',
        buttons: [
          error('error-server', 9100, 'Network problem, retriable'),
          error('camera', 9822, 'No camera, retriable'),
          error('consent', 9301, 'Consent not saved, retriable'),
          error('expired', 9210, 'Session expired'),
          error('token-invalid', 9200, 'Token invalid or expired'),
          error('credentials', 9900, 'Credentials rejected'),
          error('cancel', 9801, 'Cancelled by the person', 'G'),
        ],
      },
    ],
    facts: [['workflowExecutionId', workflowId]],
  });
  send('loaded');
}
