// Scripted mode of /generic (tests): ?script=step,step,…&delay=ms&session=id&echo=1
//
// Steps (run in order once the page has loaded; `delay` ms between steps, default 0):
//   ready | start | submit | cancel | token-expired
//   progress:<step>[:<index>[:<total>]]   index/total sent as numbers when numeric, else as given
//   complete[:<outcome>]                   outcome sent as given (omitted when empty)
//   error[:<code>[:<recoverable>]]         code default "sandbox_error"; recoverable true|false, omitted when absent
//   resize:<px>                            height sent as a number when numeric, else as given
//   wait:<ms>
//   await-init | await-token               wait for the next `init` / `token` from the host not yet awaited
//   navigate:<urlencoded URL>              this frame goes to that URL (relative to this page); the script ends
//   raw:<urlencoded JSON or string>        posts exactly that: valid JSON → the parsed value, else the string
//   encoding:json | encoding:object        how later messages (not raw) are posted; default object
//   together:<urlencoded steps>            runs those steps (comma-separated) in one task, nothing awaited between
//                                          them, so the host receives them back to back (tests of once-guards)
// An unknown step (at the top or inside together:) ends the script with {sandbox: 'script-failed'} to the host.
// The list is split at commas first, then each argument is percent-decoded once, so an argument
// containing ',' or ':' must be encoded inside the `script` value (encodeURIComponent).
// submit and complete carry `sessionId`. With echo=1, each `init` / `token` the host sends is
// reported back at once as progress {step: "init:<locale>:<theme>"} / {step: "token:<first 4 chars>"}.
import { params, resolveSessionId } from './frame.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function decodeArg(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function numberOr(text) {
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

export function parseStep(text) {
  const colon = text.indexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const rest = colon === -1 ? '' : text.slice(colon + 1);
  const args = colon === -1 ? [] : rest.split(':').map(decodeArg);
  return { name, rest: decodeArg(rest), args };
}

/**
 * `together:<steps>`: parses the comma-separated steps and runs each action at once, in this task, awaiting
 * only afterwards: what they post reaches the host back to back, before it can react to the first. Then posts
 * {sandbox: 'together-done'} in the same task (tests wait for it: the burst has been delivered). `find(name)`
 * gives a step's action, or null: an unknown step throws before anything is posted (a typo must not shorten a
 * burst that an exactly-once test relies on).
 */
export function together(text, find, postRaw) {
  const steps = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => [parseStep(s), s]);
  const actions = steps.map(([step, s]) => find(step.name) ?? unknownStep(`together:${s}`));
  // First, in the same task: tests hold the host's main thread on this one, so that the whole burst is queued
  // at the host before the widget can react to (and remove the frame for) its first message.
  postRaw({ sandbox: 'together-start', href: location.href });
  const pending = steps.map(([step], i) => actions[i](step));
  // Still in the same task: once the host has this, it has had every message of the burst.
  postRaw({ sandbox: 'together-done', href: location.href });
  return Promise.all(pending).then(() => undefined);
}

/** A step this page does not know: the script stops here (see `reportFailure`). */
export function unknownStep(text) {
  throw new Error(`unknown script step "${text}"`);
}

/**
 * A script that failed (an unknown step, an action that threw) tells the host page, which ignores it unless it
 * is a test: the test helpers fail the running test with it, instead of letting a shortened script pass.
 */
export function reportFailure(postRaw, error) {
  console.error('[sandbox] script failed', error);
  postRaw({ sandbox: 'script-failed', href: location.href, error: String(error?.message ?? error) });
}

export function runScript(channel, scriptText) {
  const steps = scriptText
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const delay = Math.max(0, Number(params.get('delay')) || 0);
  const echo = params.get('echo') === '1';
  const sessionId = resolveSessionId();
  const log = document.createElement('ol');
  log.className = 'script-log';
  const heading = document.createElement('h1');
  heading.textContent = `Scripted sandbox (${steps.length} steps)`;
  document.getElementById('app').replaceChildren(heading, log);

  const note = (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    log.append(item);
  };

  // Host messages arrive at any time; await-init / await-token consume them in order.
  const inbox = { init: [], token: [] };
  let wake = () => {};
  channel.onMessage((message) => {
    if (message.type !== 'init' && message.type !== 'token') return;
    note(message.type === 'init' ? `received init ${message.locale} ${message.theme}` : 'received token');
    if (echo) {
      const step =
        message.type === 'init'
          ? `init:${message.locale}:${message.theme}`
          : `token:${String(message.token).slice(0, 4)}`;
      channel.send('progress', { step });
    }
    inbox[message.type].push(message);
    wake();
  });
  const awaitMessage = async (type) => {
    while (inbox[type].length === 0) await new Promise((resolve) => (wake = resolve));
    inbox[type].shift();
  };

  const actions = {
    ready: () => channel.send('ready'),
    start: () => channel.send('start'),
    submit: () => channel.send('submit', { sessionId }),
    cancel: () => channel.send('cancel'),
    'token-expired': () => channel.send('token-expired'),
    progress: ({ args: [step = '', index, total] }) => {
      const fields = { step };
      if (index !== undefined) fields.index = numberOr(index);
      if (total !== undefined) fields.total = numberOr(total);
      channel.send('progress', fields);
    },
    complete: ({ rest }) => channel.send('complete', rest ? { sessionId, outcome: rest } : { sessionId }),
    error: ({ args: [code, recoverable] }) => {
      const fields = { code: code || 'sandbox_error', message: 'Scripted sandbox error' };
      if (recoverable === 'true' || recoverable === 'false') fields.recoverable = recoverable === 'true';
      channel.send('error', fields);
    },
    resize: ({ rest }) => channel.send('resize', { height: numberOr(rest) }),
    wait: ({ rest }) => sleep(Math.max(0, Number(rest) || 0)),
    'await-init': () => awaitMessage('init'),
    'await-token': () => awaitMessage('token'),
    encoding: ({ rest }) => channel.setEncoding(rest),
    raw: ({ rest }) => {
      let value = rest;
      try {
        value = JSON.parse(rest);
      } catch {
        // a bare string
      }
      channel.postRaw(value);
    },
    navigate: ({ rest }) => {
      location.href = new URL(rest, location.href).href;
      return 'stop';
    },
    together: ({ rest }) => together(rest, find, channel.postRaw),
    // The frame reloads itself once (a provider page recovering on its own): the reloaded page runs the
    // script again from the start, skipping this step.
    'self-reload': () => {
      if (params.has('reloaded')) return undefined;
      const next = new URL(location.href);
      next.searchParams.set('reloaded', '1');
      location.replace(next.href);
      return 'stop';
    },
    // flood:<count>:<ms> posts <count> progress messages spread over <ms> (10 000 over 2000 ms is 5 per ms).
    flood: async ({ args: [count = '1000', ms = '1000'] }) => {
      const total = Math.max(0, Number(count) || 0);
      const ticks = Math.max(1, Math.round((Number(ms) || 0) / 10));
      let sent = 0;
      for (let tick = 0; tick < ticks; tick++) {
        const until = Math.round(((tick + 1) * total) / ticks);
        for (; sent < until; sent++) channel.send('progress', { step: `flood-${sent % 50}` });
        await sleep(10);
      }
    },
  };

  const find = (name) => (Object.prototype.hasOwnProperty.call(actions, name) ? actions[name] : null);

  (async () => {
    for (const [i, text] of steps.entries()) {
      if (i > 0 && delay) await sleep(delay);
      const step = parseStep(text);
      const action = find(step.name) ?? unknownStep(text);
      note(text);
      if ((await action(step)) === 'stop') return;
    }
    note('done');
    document.documentElement.dataset.scriptDone = 'true';
    // For tests: every message of the script has been posted before this one (postMessage keeps order).
    // No protocol knows it, so the widget must ignore it.
    channel.postRaw({ sandbox: 'script-done', href: location.href });
  })().catch((error) => {
    note(`failed: ${error?.message ?? error}`);
    reportFailure(channel.postRaw, error);
  });
}
