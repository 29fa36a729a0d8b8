// Shared by the per-provider sandbox frames (persona.js, sumsub.js, veriff.js, jumio.js, idenfy.js,
// didit.js, yoti.js, veratad.js, caf.js, zignsec.js): the wire to the host page, the scripted-mode runner and the interactive panel. Each
// provider page only says how its own messages look; nothing here knows any provider's format.
//
// Wire: everything is posted to window.parent with the host page's origin as targetOrigin
// (frame.js resolveHostOrigin, or a provider's own parameter such as Persona's `iframe-origin`), and
// only messages whose source is window.parent (and whose origin is the host origin, when known) are
// accepted. Like frame.js, "*" is used only when no host origin can be found at all.
//
// Scripted mode (`?script=step,step,…&delay=ms`), steps every page understands besides its own:
//   wait:<ms>                  pause
//   raw:<urlencoded>           posts exactly that: valid JSON → the parsed value, else the string
//   encoding:<name>            how later (non-raw) messages are encoded; each page lists its names
//   navigate:<urlencoded URL>  this frame goes to that URL (relative to this page); the script ends
//   together:<urlencoded steps> runs those steps (comma-separated) in one task, nothing awaited between them:
//                              the host receives them back to back (tests of once-guards)
//   (when the script ends, the page posts {sandbox: 'script-done'}: tests wait for it; {sandbox: 'script-stopped'}
//   when the page's handshake refused to run it)
//   once:<step>                runs <step> only the first time this exact frame URL reaches this step
//                              (counted by the sandbox server, GET /once), e.g. `once:reload-request`
//                              asks for one frame reload and lets the reloaded frame carry on
// The list is split at commas, then at the first ':' (name) and at later ':' (arguments); each
// argument is percent-decoded once, so an argument holding ',' or ':' must be encoded inside the
// script value (encodeURIComponent). An unknown step (at the top or inside together:) ends the script with
// {sandbox: 'script-failed', href, error} to the host page: the tests fail on it.
import { params, resolveHostOrigin } from './frame.js';
import { parseStep, reportFailure, together, unknownStep } from './scripted.js';

export { params };

const MAX_MESSAGE = 64 * 1024;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 12 random hex digits, for sandbox ids that must not collide. */
export function randomHex(bytes = 6) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function originOf(text) {
  try {
    const origin = new URL(text).origin;
    return origin && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/** Host messages as values: JSON strings parsed, other strings kept, oversized ones dropped. */
function decodeHostMessage(data) {
  if (typeof data === 'string') {
    if (data.length > MAX_MESSAGE) return undefined;
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  }
  return data && typeof data === 'object' ? data : undefined;
}

/**
 * The frame's channel to its host page.
 *   originParam: a query parameter naming the host origin (Persona's `iframe-origin`), tried first.
 *   encodings:   {name: (message) => posted value}; the first one is the default.
 */
export function createWire({ originParam, encodings = { object: (message) => message } } = {}) {
  const fromParam = originParam ? originOf(params.get(originParam) ?? '') : null;
  const targetOrigin = fromParam ?? resolveHostOrigin();
  const framed = window.parent !== window;
  const inbox = [];
  const listeners = new Set();
  const waiting = new Set();
  let encoding = Object.keys(encodings)[0];

  addEventListener('message', (event) => {
    if (!framed || event.source !== window.parent) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const message = decodeHostMessage(event.data);
    if (message === undefined) return;
    inbox.push(message);
    for (const listener of listeners) listener(message);
    for (const resolve of waiting) resolve();
    waiting.clear();
  });

  document.documentElement.dataset.hostOrigin = targetOrigin; // for debugging in devtools

  const wire = {
    targetOrigin,
    framed,
    get encoding() {
      return encoding;
    },
    /** False (and nothing changes) for a name the page does not know. */
    setEncoding(name) {
      if (!Object.prototype.hasOwnProperty.call(encodings, name)) return false;
      encoding = name;
      return true;
    },
    /** Posts a value exactly as given. */
    postRaw(value) {
      if (framed) window.parent.postMessage(value, targetOrigin);
    },
    /** Posts a provider message in the current encoding; returns what was posted. */
    send(message) {
      const value = encodings[encoding](message);
      wire.postRaw(value);
      return value;
    },
    /** Every accepted host message, as it arrives. */
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The oldest host message matching `test` not taken yet (waits for one); each is taken once. */
    async next(test) {
      for (;;) {
        const index = inbox.findIndex(test);
        if (index !== -1) return inbox.splice(index, 1)[0];
        await new Promise((resolve) => waiting.add(resolve));
      }
    },
  };
  return wire;
}

/**
 * True the first time this frame URL reaches step `index`, as the sandbox server counts (GET /once):
 * a frame's own storage is blocked or partitioned when it is cross-origin. A failed request counts as
 * the first time.
 */
async function firstTime(index) {
  try {
    const response = await fetch(`/once?${new URLSearchParams({ key: `${location.href}#${index}` })}`, {
      cache: 'no-store',
    });
    return (await response.json()).first !== false;
  } catch {
    return true;
  }
}

/**
 * Runs `?script=` once the page has loaded. `actions` maps a step name to `(step) => value`, where
 * `step` is scripted.js's `{name, rest, args}`; returning 'stop' (or a promise of it) ends the script.
 * `before()` runs first (a handshake the provider always does before anything else).
 */
export function runScript(wire, { title, actions, before }) {
  const steps = (params.get('script') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const delay = Math.max(0, Number(params.get('delay')) || 0);
  const log = document.createElement('ol');
  log.className = 'script-log';
  const heading = document.createElement('h1');
  heading.textContent = `${title}: scripted sandbox (${steps.length} steps)`;
  document.getElementById('app').replaceChildren(heading, log);
  const note = (text) => log.append(Object.assign(document.createElement('li'), { textContent: text }));

  const common = {
    wait: ({ rest }) => sleep(Math.max(0, Number(rest) || 0)),
    raw: ({ rest }) => {
      let value = rest;
      try {
        value = JSON.parse(rest);
      } catch {
        // a bare string
      }
      wire.postRaw(value);
    },
    encoding: ({ rest }) => {
      if (!wire.setEncoding(rest)) note(`unknown encoding ${rest}, still ${wire.encoding}`);
    },
    navigate: ({ rest }) => {
      location.href = new URL(rest, location.href).href;
      return 'stop';
    },
    together: ({ rest }) => together(rest, (name) => find(name) && ((step) => find(name)(step, note)), wire.postRaw),
  };
  const find = (name) =>
    Object.prototype.hasOwnProperty.call(actions, name)
      ? actions[name]
      : Object.prototype.hasOwnProperty.call(common, name)
        ? common[name]
        : null;

  const run = async () => {
    if (before && (await before(note)) === 'stop') {
      // For tests: the page refused to run its script (a handshake it did not accept); nothing more comes.
      wire.postRaw({ sandbox: 'script-stopped', href: location.href });
      return;
    }
    for (const [index, text] of steps.entries()) {
      if (index > 0 && delay) await sleep(delay);
      let step = parseStep(text);
      if (step.name === 'once') {
        const inner = text.slice(text.indexOf(':') + 1);
        if (!(await firstTime(index))) {
          note(`${text} (already done)`);
          continue;
        }
        step = parseStep(inner);
      }
      const action = find(step.name) ?? unknownStep(text);
      note(text);
      if ((await action(step, note)) === 'stop') return;
    }
    note('done');
    document.documentElement.dataset.scriptDone = 'true';
    // For tests: every message of the script has been posted before this one (postMessage keeps order).
    // No protocol knows it, so the widget must ignore it.
    wire.postRaw({ sandbox: 'script-done', href: location.href });
  };
  const start = () =>
    run().catch((error) => {
      note(`failed: ${error?.message ?? error}`);
      reportFailure(wire.postRaw, error);
    });
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** el('button', {type: 'button', class: 'primary'}, ['text']) — attributes (strings) and children only. */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false)
      node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children);
  return node;
}

/**
 * The interactive mode: a one-screen click-through. `groups` is a list of
 * `{label, buttons: [{id, text, primary?, run}]}`; each click runs `run()` and announces
 * `Sent: <what run returned>` (or its own text) in a live region. Buttons start disabled when
 * `enabled` is false (a page waiting for its handshake), see `setEnabled`.
 */
export function renderPanel({ title, intro, groups, enabled = true, facts = [] }) {
  document.title = `${title} (sandbox)`;
  const status = el('p', { id: 'sandbox-status', role: 'status', 'aria-live': 'polite' });
  const buttons = [];
  const say = (text) => {
    status.textContent = text;
  };
  const sections = groups.map((group, i) => {
    const headingId = `group-${i}`;
    const row = group.buttons.map(({ id, text, primary, run }) => {
      const button = el('button', { id, type: 'button', class: primary ? 'primary' : undefined, disabled: !enabled }, [
        text,
      ]);
      button.addEventListener('click', async () => {
        const result = await run();
        say(typeof result === 'string' ? result : `Sent: ${text}`);
      });
      buttons.push(button);
      return button;
    });
    return el('section', { 'aria-labelledby': headingId }, [
      el('h2', { id: headingId, class: 'step-of' }, [group.label]),
      el('div', { class: 'actions' }, row),
    ]);
  });
  const factList = facts.length
    ? [
        el(
          'dl',
          { class: 'summary' },
          facts.flatMap(([term, value]) => [el('dt', {}, [term]), el('dd', {}, [el('code', {}, [value])])]),
        ),
      ]
    : [];
  document
    .getElementById('app')
    .replaceChildren(
      el('header', { class: 'brand' }, [
        el('span', {}, [title]),
        el('span', { class: 'badge' }, ['Sandbox: nothing is really verified']),
      ]),
      el('main', {}, [el('h1', {}, [`${title} sandbox`]), el('p', {}, [intro]), ...sections, status, ...factList]),
    );
  return {
    say,
    setEnabled(on) {
      for (const button of buttons) button.disabled = !on;
    },
  };
}

/** Calls `report(height)` when the page's content height changes (debounced), for providers that send resizes. */
export function watchHeight(report) {
  let last = 0;
  let timer;
  new ResizeObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height > 0 && height !== last) {
        last = height;
        report(height);
      }
    }, 100);
  }).observe(document.body);
}

/** Current content height, for messages that carry one (Persona's page-change). */
export function contentHeight() {
  return Math.ceil(document.body.getBoundingClientRect().height);
}

/**
 * Tells the sandbox server that the person finished with `decision` (approved, declined, review), so that it sends
 * the provider's signed webhook to the host's backend (session-apis.mjs, POST /sandbox/finish). `session` is what
 * the page knows of its session from its own URL (inquiry id, token); a session the sandbox's session API did not
 * create is unknown there and nothing is sent. `keepalive`: the widget removes this frame as soon as the flow ends,
 * so the request must outlive the page. Call it before posting the completion message.
 */
export function reportFinish(provider, session, decision) {
  if (!session) return;
  fetch('/sandbox/finish', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ provider, session, decision }),
  }).catch(() => {});
}

/**
 * The provider's own id for this page's session (Sumsub's applicant id, Didit's session id) when the sandbox's
 * session API created it (GET /sandbox/session), else undefined: a real provider's page knows it from its token.
 */
export async function sessionFromSandbox(provider, key) {
  if (!key) return undefined;
  try {
    const response = await fetch(`/sandbox/session?${new URLSearchParams({ provider, key })}`, { cache: 'no-store' });
    return response.ok ? (await response.json()).sessionId : undefined;
  } catch {
    return undefined;
  }
}

/** Scripted mode when the URL has `script`, else the page's interactive mode. */
export function boot(wire, { scripted, interactive }) {
  if (params.has('script')) runScript(wire, scripted);
  else interactive();
}

/** A numeric argument as a number when it is one, else as given (so tests can send odd values). */
export function numberOr(text) {
  return text !== '' && text !== undefined && Number.isFinite(Number(text)) ? Number(text) : text;
}

/** JSON text of a message (most providers' "json" encoding). */
export const asJson = (message) => JSON.stringify(message);
export const asObject = (message) => message;
