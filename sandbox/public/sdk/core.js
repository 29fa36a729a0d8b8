/**
 * The sandbox's stand-ins for the SDK-hosted providers' loaders (onfido/Onfido.js, stripe/stripe.js,
 * plaid/link-initialize.js) share this: the vendor's UI as an iframe of the sandbox (/sdk/ui.html), as the real
 * SDKs run theirs in frames of their own origin, in the host's container (Onfido) or as a full-page overlay (Stripe's
 * modal, Plaid Link); the guarded `message` listener that hears it; loud refusals of wrong shapes; and counters a
 * test can read on the host page (`window.__sandboxSdk`): every call with the shape it had, the live listeners.
 * It plays the vendors: it is independent of src/ on purpose.
 */

const state = (window.__sandboxSdk ??= { listeners: 0, calls: [], refusals: [] });

export const ORIGIN = new URL(import.meta.url).origin;

/** Records a call and the shape of what the host passed (types only: no token is kept). */
export function recordCall(vendor, method, argument) {
  const shape = {};
  if (argument && typeof argument === 'object')
    for (const [key, value] of Object.entries(argument))
      shape[key] = value instanceof HTMLElement ? 'element' : value === null ? 'null' : typeof value;
  else shape.value = argument === null ? 'null' : typeof argument;
  state.calls.push({ vendor, method, shape });
}

/** A wrong shape from the host: said in the console and thrown, as loudly as a real SDK that breaks on it. */
export function refuse(vendor, message) {
  state.refusals.push(`${vendor}: ${message}`);
  console.error(`[sandbox ${vendor}] ${message}`);
  throw new TypeError(`${vendor} (sandbox): ${message}`);
}

export function requireFunction(vendor, object, key, optional = false) {
  const value = object[key];
  if (value === undefined && optional) return;
  if (typeof value !== 'function') refuse(vendor, `${key} must be a function, got ${typeof value}`);
}

/**
 * The vendor's UI frame: `into` an element (inline), or an overlay on document.body. `onMessage(data)` hears only
 * this frame (source, then origin). Returns `{ frame, go(), remove() }`; remove() takes the frame, the overlay and
 * the listener away. `params`: more of what the host passed, for the UI to check against the session it knows.
 */
export function vendorFrame(vendor, token, { into, onMessage, params = {} }) {
  const frame = document.createElement('iframe');
  frame.src = `${ORIGIN}/sdk/ui.html?${new URLSearchParams({ ...params, vendor, token })}`;
  frame.title = `${vendor} (sandbox)`;
  frame.allow = 'camera';
  frame.dataset.sandboxSdk = vendor;
  frame.style.cssText = 'border:0;width:100%;height:100%;min-height:320px;display:block';
  let holder = frame;
  if (into) into.append(frame);
  else {
    holder = document.createElement('div');
    holder.dataset.sandboxSdkOverlay = vendor;
    holder.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
    frame.style.cssText = 'border:0;width:min(480px,100%);height:min(640px,100%);background:#fff';
    holder.append(frame);
    document.body.append(holder);
  }
  const listener = (event) => {
    if (event.source !== frame.contentWindow || event.origin !== ORIGIN) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.sandboxSdk !== vendor) return;
    // The vendor's UI found something wrong in what the host passed (it knows the session): a refusal, counted.
    if (typeof data.refusal === 'string') {
      state.refusals.push(`${vendor}: ${data.refusal}`);
      console.error(`[sandbox ${vendor}] ${data.refusal}`);
    }
    onMessage(data);
  };
  window.addEventListener('message', listener);
  state.listeners++;
  let removed = false;
  return {
    frame,
    go: () => frame.contentWindow?.postMessage({ sandboxSdk: vendor, type: 'go' }, ORIGIN),
    remove() {
      if (removed) return;
      removed = true;
      window.removeEventListener('message', listener);
      state.listeners--;
      holder.remove();
    },
  };
}
