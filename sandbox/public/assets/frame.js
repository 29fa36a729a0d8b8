// The frame side of the generic protocol (docs/protocol.md): where to post, what to accept.
export const KYC = 1;

export const params = new URLSearchParams(location.search);

function originOf(text) {
  try {
    const origin = new URL(text).origin;
    return origin && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The host page's origin, used as targetOrigin for everything this frame posts.
 * 1. `host-origin` query parameter (sandbox convenience; the widget does not add it),
 * 2. document.referrer's origin (the default referrer policy still sends the origin cross-origin),
 *    unless it is this frame's own origin while ancestorOrigins names another one (after the frame
 *    navigated itself the referrer is the previous frame page, not the host),
 * 3. location.ancestorOrigins[0] (Chromium, Safari),
 * 4. "*" — acceptable only because this is a sandbox: it posts no secrets (never the token), the
 *    widget checks event.source and event.origin on its side, and a real provider must never do it.
 */
export function resolveHostOrigin() {
  const fromParam = params.get('host-origin');
  if (fromParam && originOf(fromParam)) return originOf(fromParam);
  const ancestor =
    location.ancestorOrigins && location.ancestorOrigins.length ? originOf(location.ancestorOrigins[0]) : null;
  const fromReferrer = document.referrer ? originOf(document.referrer) : null;
  if (fromReferrer && !(fromReferrer === location.origin && ancestor && ancestor !== fromReferrer)) return fromReferrer;
  if (ancestor) return ancestor;
  return '*';
}

/** sessionId: `session` query parameter, else /generic/session/<id>, else a random sbx_… id. */
export function resolveSessionId() {
  const fromParam = params.get('session');
  if (fromParam) return fromParam;
  const match = /^\/generic\/session\/([^/]+)\/?$/.exec(location.pathname);
  if (match) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `sbx_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function decode(data) {
  if (typeof data === 'string') {
    if (data.length > 64 * 1024) return null;
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? data : null;
}

/**
 * A channel to the host: `send(type, fields)` posts `{kyc: 1, type, ...fields}` as an object or a
 * JSON string (see `setEncoding`); `onMessage(fn)` gets host messages `{kyc: 1, type, ...}` that
 * came from window.parent (and from the host origin, when it is known).
 */
export function createChannel() {
  const targetOrigin = resolveHostOrigin();
  const framed = window.parent !== window;
  const listeners = new Set();
  let encoding = 'object';

  window.addEventListener('message', (event) => {
    if (!framed || event.source !== window.parent) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const message = decode(event.data);
    if (!message || message.kyc !== KYC || typeof message.type !== 'string') return;
    for (const listener of listeners) listener(message);
  });

  function postRaw(value) {
    if (framed) window.parent.postMessage(value, targetOrigin);
  }

  return {
    targetOrigin,
    framed,
    get encoding() {
      return encoding;
    },
    setEncoding(value) {
      if (value === 'json' || value === 'object') encoding = value;
    },
    postRaw,
    send(type, fields = {}) {
      const message = { kyc: KYC, type, ...fields };
      postRaw(encoding === 'json' ? JSON.stringify(message) : message);
      return message;
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
