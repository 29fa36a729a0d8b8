/**
 * Stand-in for Onfido's Web SDK runtime, `https://sdk.onfido.com/v14.80.0/Onfido.js`: an ES module exporting
 * `Onfido.init(parameters) → handle`, which is what the `onfido-sdk-ui@14.80.0` loader imports and calls
 * (Onfido.js: `const { Onfido: a } = await import(sdkUrl); n._setHandle(a.init(e))`). Parameters and handle as
 * `onfido-sdk-ui` types/shared/Public.types.d.ts and types/Onfido.d.ts: `token`, `containerEl` | `containerId`,
 * `workflowRunId`, `onComplete(data)`, `onError({type, message})`, `onUserExit('user_exit')`; handle
 * `{addEventListener, removeEventListener, tearDown(): Promise<void>, version}`; handle events `moduleStart`,
 * `complete`, `error`. Wrong shapes are refused loudly (core.js). The UI runs in a frame of this origin. A token the
 * sandbox's API made for a workflow run (POST /v3.6/workflow_runs) needs that run's id as `workflowRunId`
 * (`StudioSdkParameters` makes it required): the UI refuses a missing or other run (sdk-ui.js).
 */
import { recordCall, refuse, requireFunction, vendorFrame } from '../core.js';

const V = 'onfido';

function init(parameters) {
  recordCall(V, 'init', parameters);
  if (!parameters || typeof parameters !== 'object') refuse(V, 'init takes one object of parameters');
  const { token, containerEl, containerId } = parameters;
  if (typeof token !== 'string' || !token) refuse(V, 'token must be the SDK token (a non-empty string)');
  requireFunction(V, parameters, 'onComplete', true);
  requireFunction(V, parameters, 'onError', true);
  requireFunction(V, parameters, 'onUserExit', true);
  if (parameters.workflowRunId !== undefined && typeof parameters.workflowRunId !== 'string')
    refuse(V, 'workflowRunId must be a string');
  let container = containerEl;
  if (container === undefined && typeof containerId === 'string') container = document.getElementById(containerId);
  if (!(container instanceof HTMLElement)) refuse(V, 'containerEl must be an element (or containerId an element id)');

  const listeners = new Map();
  const trigger = (name, data) => (listeners.get(name) ?? []).slice().forEach((listener) => listener(data));
  let ui = vendorFrame(V, token, {
    into: container,
    // The UI checks the run against the token's, as Onfido's runtime loads the run the token was made for.
    params: typeof parameters.workflowRunId === 'string' ? { workflowRunId: parameters.workflowRunId } : {},
    onMessage(data) {
      if (data.type === 'loaded') ui?.go();
      else if (data.type === 'module') trigger('moduleStart', { module: data.name, id: data.name, name: data.name });
      else if (data.type === 'complete') {
        trigger('complete', { data: {} });
        parameters.onComplete?.({});
      } else if (data.type === 'error') {
        const error = { type: data.code, message: `sandbox error ${data.code}` };
        trigger('error', { error });
        parameters.onError?.(error);
      } else if (data.type === 'exit') parameters.onUserExit?.('user_exit');
      else if (data.type === 'burst') {
        // Every ending at once, in one task: the host must hear one.
        parameters.onComplete?.({});
        parameters.onComplete?.({});
        parameters.onUserExit?.('user_exit');
        parameters.onError?.({ type: 'exception', message: 'sandbox burst' });
      }
    },
  });
  return {
    version: '14.80.0-sandbox',
    addEventListener(name, listener) {
      // Onfido's npm loader hands over the listeners added before the runtime arrived as its arrays of them
      // (onfido-sdk-ui@14.80.0 Onfido.js `_setHandle`: `i.addEventListener(r, o)` for each [name, listeners]).
      const added = Array.isArray(listener) ? listener : [listener];
      if (!added.every((l) => typeof l === 'function')) refuse(V, 'addEventListener needs a function');
      listeners.set(name, [...(listeners.get(name) ?? []), ...added]);
    },
    removeEventListener(name, listener) {
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((l) => l !== listener),
      );
    },
    tearDown() {
      recordCall(V, 'tearDown', undefined);
      ui?.remove();
      ui = null;
      listeners.clear();
      return Promise.resolve();
    },
  };
}

export const Onfido = { init };
