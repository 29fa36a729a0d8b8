import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetRuntime, loadRuntime, runtimeLoader, runtimeNow } from '../../src/element/handover';
import { AFTER_READY, HOLD_LIMIT } from '../../src/element/stand-in';
import type { KycWidgetElement } from '../../src/index';
import { talkOf } from '../support/providers';
import { SANDBOX_TOKENS } from '../../sandbox/catalog.mjs';
import {
  applyInputs,
  demoInputs,
  fixtureCleanup,
  frameOf,
  record,
  SANDBOX,
  scripted,
  SILENT,
  STRANGER,
  untilState,
  waitUntil,
  type DemoProvider,
  STARTED,
} from './helpers';

/**
 * The boot path: what the element does before its runtime chunk is here. Each browser test file has its own
 * module graph, so this file's first test is the first element on a fresh page with nothing of the runtime
 * loaded; the later tests start on the boot again (forgetRuntime) and hold the runtime back (runtimeLoader)
 * to see what happens before it arrives.
 */

const realLoad = runtimeLoader.load;

/** Holds the runtime chunk back until `release()` (`runtimeNow()` stays undefined until then). */
function holdRuntime() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  runtimeLoader.load = () => gate.then(realLoad);
  holds.push(release);
  return { release };
}

/** When the runtime chunk was asked for (`performance.now()`), each time. */
function countRuntime(): number[] {
  const asked: number[] = [];
  runtimeLoader.load = () => {
    asked.push(performance.now());
    return realLoad();
  };
  return asked;
}

/** The end of this task and of the microtasks it queued: a pass the inputs asked for is done. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every hold's release: a test that failed with the runtime held back must not leave the next one waiting. */
const holds: Array<() => void> = [];

afterEach(async () => {
  holds.splice(0).forEach((release) => release());
  probes.splice(0).forEach((restore) => restore());
  runtimeLoader.load = realLoad;
  await loadRuntime().catch(() => undefined);
  fixtureCleanup();
  document.querySelectorAll('kyc-widget').forEach((el) => el.remove());
});

function mount(setup: (el: KycWidgetElement) => void): KycWidgetElement {
  const el = document.createElement('kyc-widget');
  setup(el);
  document.body.append(el);
  return el;
}

let runs = 0;
function endpoint(plan: string, answer: { url?: string } = {}) {
  const id = `boot-${Date.now()}-${runs++}`;
  const query = new URLSearchParams({ id, plan, ...(answer.url ? { url: answer.url } : {}) });
  return {
    url: `/__kyc/session?${query}`,
    log: async () =>
      (await fetch(`/__kyc/session/log?id=${id}`)).json() as Promise<
        Array<{ body: { refresh: boolean }; key?: string; aborted: boolean }>
      >,
  };
}

describe('the boot: the frame first, the runtime after', () => {
  it('the first element on a fresh page requests its frame before the runtime is here, and the runtime takes it over without a restart', async () => {
    expect(runtimeNow()).toBeUndefined(); // nothing of the runtime on this page yet
    const held = holdRuntime();
    const events = record(document);
    const src = scripted(['ready']);
    const el = mount((el) => (el.sessionUrl = src));
    await Promise.resolve(); // the end of the task that set the inputs
    const first = frameOf(el);
    // In the task the inputs became complete, with the runtime still on its way: the iframe, loading, one event.
    expect(first?.src).toBe(src);
    expect(runtimeNow()).toBeUndefined(); // the runtime is not here: the stand-in made the frame
    expect(el.state).toBe('loading');
    expect(events.names()).toEqual(['state:loading']);
    expect(events[0].detail).toEqual({ provider: 'generic', state: 'loading', previous: 'idle' });
    held.release();
    await untilState(el, 'ready');
    events.stop();
    // The same iframe (not a second request), and idle → loading said once, by the boot.
    expect(frameOf(el)).toBe(first);
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
  });

  it("a frame that waits for the host's answer to its handshake gets it before the runtime is here, and once", async () => {
    forgetRuntime();
    const held = holdRuntime();
    // The generic protocol's frame says ready and waits for init; echo=1: it reports each init it gets, at once (as
    // a progress message, which only the runtime reads).
    const src = scripted(['ready', 'await-init'], { echo: '1' });
    const events = record(document);
    const el = mount((el) => (el.sessionUrl = src));
    await Promise.resolve();
    const frame = frameOf(el)!;
    const echoes: Array<{ step: unknown; runtime: boolean }> = [];
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; step?: unknown } | null;
      if (event.source === frame.contentWindow && data?.type === 'progress')
        echoes.push({ step: data.step, runtime: runtimeNow() !== undefined });
    };
    window.addEventListener('message', listen);
    await waitUntil(() => echoes.length > 0, 'the frame never got its init', { timeout: 5000 });
    // The answer came while the runtime was still held back: the stand-in answered.
    expect(echoes).toEqual([{ step: 'init:en:auto', runtime: false }]);
    // The frame's ready was kyc-ready already, before the runtime, once.
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    held.release();
    await untilState(el, 'in-progress');
    // A later init, sent by the runtime's protocol (a new language): the frame answers each init in order, so
    // when this one's echo is here, a second answer to the handshake would have been echoed before it.
    el.locale = 'fr';
    await waitUntil(() => echoes.length > 1, 'the frame never got the new language', { timeout: 5000 });
    events.stop();
    window.removeEventListener('message', listen);
    // The runtime replayed the frame's ready (already answered): one init for the handshake, never a second.
    expect(echoes.map((e) => e.step)).toEqual(['init:en:auto', 'init:fr:auto']);
    expect(events.filter((e) => e.type === 'kyc-progress')[0]?.detail.step).toBe('init:en:auto');
    expect(events.names().filter((name) => name === 'kyc-ready')).toHaveLength(1);
  });

  it.each(['sumsub', 'veriff'] as const)(
    "%s: the frame's handshake is answered before the runtime is here, as the provider's SDK answers it",
    async (provider) => {
      forgetRuntime();
      const held = holdRuntime();
      // Sumsub's sandbox frame checks idCheck.init as the WebSDK sends it, Veriff's checks VERIFF_RENDER: a reply
      // they refuse is an error message, one they accept goes on to the next message (onInitialized; STARTED).
      const inputs = demoInputs(provider, { script: provider === 'sumsub' ? ['ready', 'step:IDENTITY'] : ['started'] });
      const el = mount((el) => applyInputs(el, inputs));
      await Promise.resolve();
      const frame = frameOf(el)!;
      const said: string[] = [];
      const listen = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow) return;
        const data = event.data as { method?: unknown; sandboxError?: unknown } | string | null;
        said.push(
          typeof data === 'string' ? data : String((data as { method?: unknown })?.method ?? JSON.stringify(data)),
        );
      };
      window.addEventListener('message', listen);
      const next = provider === 'sumsub' ? 'idCheck.onStepInitiated' : 'VERIFF_STARTED';
      await waitUntil(() => said.includes(next), `the frame never went on (${said.join(', ')})`, { timeout: 5000 });
      expect(runtimeNow()).toBeUndefined();
      expect(said.join(' ')).not.toMatch(/init-rejected|init-malformed|render-refused/);
      const events = record(document);
      held.release();
      await untilState(el, 'in-progress');
      events.stop();
      window.removeEventListener('message', listen);
      expect(events.names().filter((name) => name === 'kyc-error' || name === 'kyc-warning')).toEqual([]);
    },
  );

  it('a handshake forged by another window gets no answer from the stand-in', async () => {
    forgetRuntime();
    const held = holdRuntime();
    // The frame waits 2 s before its own ready: until then, any init it gets was asked for by someone else.
    const src = scripted(['wait:2000', 'ready', 'await-init'], { echo: '1' });
    const el = mount((el) => (el.sessionUrl = src));
    await Promise.resolve();
    const frame = frameOf(el)!;
    await waitUntil(() => frame.contentWindow !== null, 'no frame', { timeout: 5000 });
    // What the widget's frame says, in order: its echoes of each init it got, and its own ready.
    const said: unknown[] = [];
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; step?: unknown } | null;
      if (event.source !== frame.contentWindow) return;
      if (data?.type === 'progress') said.push(data.step);
      if (data?.type === 'ready') said.push('ready');
    };
    window.addEventListener('message', listen);
    // The host page itself, a second frame on the provider's own origin (the right origin, the wrong window) and a
    // stranger origin's frame say ready, as the protocol would.
    window.postMessage({ kyc: 1, type: 'ready' }, '*');
    const sources = [scripted(['ready'], {}, SANDBOX), scripted(['ready'], {}, STRANGER)];
    const forgers = sources.map((url) => {
      const forger = document.createElement('iframe');
      forger.src = url;
      document.body.append(forger);
      return forger;
    });
    // Both forgers said ready (to this page, their parent), while the widget's frame was there, listening.
    const forged = new Set<unknown>();
    const seen = (event: MessageEvent) => {
      const i = forgers.findIndex((f) => f.contentWindow === event.source);
      if (i !== -1 && (event.data as { type?: unknown } | null)?.type === 'ready') forged.add(i);
    };
    window.addEventListener('message', seen);
    await waitUntil(() => forged.size === 2, 'the forgers never said ready', { timeout: 5000 });
    window.removeEventListener('message', seen);
    // The positive control: the frame's own ready, after them, is answered, still before the runtime. Nothing
    // before it: an init answering a forger would have been echoed first.
    await waitUntil(() => said.length > 1, 'the frame never got its init', { timeout: 5000 });
    expect(said).toEqual(['ready', 'init:en:auto']);
    expect(runtimeNow()).toBeUndefined();
    forgers.forEach((forger) => forger.remove());
    window.removeEventListener('message', listen);
    held.release();
    await untilState(el, 'in-progress'); // the echo is a progress message
  });

  it('a runtime that cannot be downloaded ends in a clear, recoverable kyc-error; retry() downloads it again', async () => {
    forgetRuntime();
    runtimeLoader.load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const events = record(document);
    const el = mount((el) => (el.sessionUrl = scripted(['ready'])));
    await untilState(el, 'error');
    // The runtime is asked for after the frame's ready: without it, nothing of the flow after that would be heard.
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready', 'state:error', 'kyc-error']);
    expect(el.lastError).toMatchObject({ code: 'frame-load-timeout', recoverable: true, provider: 'generic' });
    expect(el.lastError?.message).toMatch(/could not be downloaded/);
    expect(frameOf(el)).toBeNull(); // no frame left waiting for a protocol that never comes
    runtimeLoader.load = realLoad;
    el.retry();
    await untilState(el, 'ready');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:error',
      'kyc-error',
      'state:loading',
      'state:ready',
      'kyc-ready',
    ]);
  });

  it("while the frame loads, the runtime waits: asked for AFTER_READY ms after the frame's ready, then the flow goes on", async () => {
    forgetRuntime();
    const asked = countRuntime();
    const events = record(document);
    const el = mount((el) => (el.sessionUrl = scripted(['ready'])));
    let askedAtReady = -1;
    let readyAt = 0;
    el.addEventListener('kyc-ready', () => ((askedAtReady = asked.length), (readyAt = performance.now())));
    await nextTask();
    expect(frameOf(el)).not.toBeNull();
    expect(asked).toHaveLength(0); // the frame's request went out; the runtime's did not
    await waitUntil(() => asked.length === 1, 'the runtime was never asked for', { timeout: 5000 });
    expect(askedAtReady).toBe(0);
    expect(asked[0] - readyAt).toBeGreaterThanOrEqual(AFTER_READY - 1);
    await waitUntil(() => runtimeNow(), 'the runtime never came', { timeout: 5000 });
    el.cancel(); // the runtime's controller has the element now
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready', 'state:cancelled', 'kyc-cancel']);
  });

  it("the person's start asks for the runtime at once; what the frame said meanwhile reaches it once and in order", async () => {
    forgetRuntime();
    const asked = countRuntime();
    const events = record(document);
    const el = mount((el) => (el.sessionUrl = scripted(['ready', 'start', 'progress:document', 'complete:approved'])));
    let askedAtStart = -1;
    el.addEventListener('kyc-start', () => void nextTask().then(() => (askedAtStart = asked.length)));
    await untilState(el, 'complete');
    expect(askedAtStart).toBe(1);
    expect(asked).toHaveLength(1);
    events.stop();
    expect(events.names()).toEqual([...STARTED, 'kyc-progress', 'state:complete', 'kyc-complete']);
  });

  it('a frame that never says ready: the runtime comes at half the load timeout, in time for frame-load-timeout', async () => {
    forgetRuntime();
    const asked = countRuntime();
    const mountedAt = performance.now();
    const el = mount((el) => {
      el.loadTimeout = 1200;
      el.sessionUrl = scripted([]);
    });
    let askedAtError = -1;
    el.addEventListener('kyc-error', () => (askedAtError = asked.length));
    await nextTask();
    expect(asked).toHaveLength(0);
    await untilState(el, 'error', 5000);
    expect(el.lastError).toMatchObject({ code: 'frame-load-timeout' });
    expect(askedAtError).toBe(1);
    expect(asked[0] - mountedAt).toBeGreaterThanOrEqual(600 - 1);
    expect(asked[0] - mountedAt).toBeLessThan(HOLD_LIMIT);
  });

  it('a later change, a method call, a decision-endpoint or an answer the stand-in cannot use ask for the runtime at once', async () => {
    const cases: Array<[string, (el: KycWidgetElement) => void, (el: KycWidgetElement) => void]> = [
      [
        'a later change of the frame',
        (el) => (el.sessionUrl = scripted([])),
        (el) => (el.sessionUrl = scripted(['ready'])),
      ],
      ['a later change of the language', (el) => (el.sessionUrl = scripted([])), (el) => (el.locale = 'de')],
      ['a method call', (el) => (el.sessionUrl = scripted([])), (el) => el.cancel()],
      [
        'a decision-endpoint',
        (el) => {
          el.sessionUrl = scripted([]);
          el.decisionEndpoint = `/__kyc/decision?id=boot-${Date.now()}`;
        },
        () => {},
      ],
    ];
    for (const [name, setup, then] of cases) {
      forgetRuntime();
      const asked = countRuntime();
      const el = mount(setup);
      await nextTask();
      expect(frameOf(el), name).not.toBeNull();
      then(el);
      await nextTask();
      expect(asked, name).toHaveLength(1);
      el.remove();
      await loadRuntime();
    }
    // The boot's session request fails: the runtime's session client goes on from it, now.
    forgetRuntime();
    const asked = countRuntime();
    const api = endpoint('quickfail');
    const mountedAt = performance.now();
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await nextTask();
    expect(asked).toHaveLength(0);
    await waitUntil(() => asked.length === 1, 'the runtime was never asked for', { timeout: 5000 });
    expect(asked[0] - mountedAt).toBeLessThan(HOLD_LIMIT);
    expect((await api.log()).length).toBeGreaterThanOrEqual(1);
    await untilState(el, 'error', 10000);
  });

  it("with a session-endpoint, the endpoint's answer creates the frame before the runtime is here", async () => {
    forgetRuntime();
    const held = holdRuntime();
    const src = scripted(['ready']);
    const api = endpoint('ok', { url: src });
    const events = record(document);
    const el = mount((el) => el.setAttribute('session-endpoint', api.url));
    await Promise.resolve();
    expect(el.state).toBe('loading'); // from the moment the request starts, as before
    await waitUntil(() => frameOf(el), 'the frame never came', { timeout: 5000, interval: 5 });
    const first = frameOf(el);
    expect(first?.src).toBe(src);
    expect(runtimeNow()).toBeUndefined();
    held.release();
    await untilState(el, 'ready');
    events.stop();
    expect(frameOf(el)).toBe(first);
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    expect(await api.log()).toHaveLength(1);
  });

  it("while the backend makes the session, a throwaway frame warms the connection to the provider's origin; it goes when the frame has loaded", async () => {
    forgetRuntime();
    const held = holdRuntime();
    const src = scripted(['ready']);
    const api = endpoint('slow', { url: src }); // answers after 300 ms
    const el = mount((el) => {
      // The first exact entry is the origin warmed: a host that never answers, so the warm-up frame never loads
      // (and never removes itself): only the frame's arrival can take it away.
      el.setAttribute('allowed-origins', `${SILENT} ${SANDBOX}`);
      el.setAttribute('session-endpoint', api.url);
    });
    await Promise.resolve(); // the end of the task that set the inputs: the request is on its way
    const frames = () => [...el.shadowRoot!.querySelectorAll('iframe')];
    expect(frameOf(el)).toBeNull();
    expect(frames()).toHaveLength(1);
    const warm = frames()[0];
    // Cross-site like the real frame (so its connection is the one the frame's request takes), and inert.
    expect(warm.src).toBe(`${SILENT}/robots.txt`);
    // Its own origin (an opaque one would put it in a process of its own, which the real frame never shares), no
    // script, nothing else.
    expect(warm.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(warm.referrerPolicy).toBe('no-referrer');
    expect(getComputedStyle(warm).display).toBe('none'); // not rendered: not focusable, not in the accessibility tree
    const order = warmUpOrder(el, warm);
    await waitUntil(() => frameOf(el), 'the frame never came', { timeout: 5000, interval: 5 });
    const frame = frameOf(el)!;
    expect(frame.src).toBe(src);
    // It stays while the real frame loads (whose renderer it started), and goes with the real frame's load.
    expect(await order).toEqual(['frame made', 'frame loaded', 'warm-up gone']);
    expect(frames()).toEqual([frame]);
    expect(runtimeNow()).toBeUndefined();
    held.release();
    await untilState(el, 'ready');
    expect(frames()).toEqual([frameOf(el)]);
  });

  it("an error answer to the boot's request is the session client's first try: never asked twice", async () => {
    forgetRuntime();
    const held = holdRuntime();
    // Every try fails: the boot's request and three retries, then session-fetch-failed.
    const api = endpoint('quickfail');
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await waitUntil(async () => (await api.log()).length === 1, 'the boot never asked', { timeout: 5000 });
    expect(runtimeNow()).toBeUndefined();
    held.release();
    await untilState(el, 'error', 10000);
    expect(el.lastError).toMatchObject({ code: 'session-fetch-failed' });
    const log = await api.log();
    expect(log).toHaveLength(4);
    // One attempt: the boot's try and the runtime's three retries carry one Idempotency-Key (the server joins them).
    expect(new Set(log.map((entry) => entry.key)).size).toBe(1);
    expect(log[0].key).toMatch(/^[0-9a-f]{24}$/);
  });

  it('an expired answer to the boot is renewed once by the runtime (refresh: true), not asked again from scratch', async () => {
    forgetRuntime();
    const held = holdRuntime();
    const api = endpoint('expired', { url: scripted(['ready']) });
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await waitUntil(async () => (await api.log()).length === 1, 'the boot never asked', { timeout: 5000 });
    held.release();
    await untilState(el, 'ready');
    expect((await api.log()).map((entry) => entry.body.refresh)).toEqual([false, true]);
  });

  it('an element removed before the runtime is here takes its frame and its request with it; back on the page, it starts again', async () => {
    forgetRuntime();
    const held = holdRuntime();
    const api = endpoint('hang');
    const withEndpoint = mount((el) => (el.sessionEndpoint = api.url));
    const src = scripted(['ready']);
    const withUrl = mount((el) => (el.sessionUrl = src));
    await waitUntil(async () => (await api.log()).length === 1, 'the boot never asked', { timeout: 5000 });
    expect(frameOf(withUrl)?.src).toBe(src);
    const events = record(document);
    withEndpoint.remove();
    withUrl.remove();
    // The frame goes at once (the camera with it); the request is aborted.
    expect(frameOf(withUrl)).toBeNull();
    await waitUntil(async () => (await api.log())[0].aborted, 'the request was not aborted', { timeout: 5000 });
    expect(runtimeNow()).toBeUndefined();
    document.body.append(withUrl);
    held.release();
    // Its first frame may have said ready before it left, and the state says so until the new attempt begins: the
    // new frame's kyc-ready is what ends the wait.
    await waitUntil(() => events.names().includes('kyc-ready'), 'the new frame never said ready', { timeout: 8000 });
    expect(withUrl.state).toBe('ready');
    events.stop();
    // One new frame, loaded once; the element that stayed away made nothing more.
    expect(frameOf(withUrl)?.src).toBe(src);
    expect(withUrl.shadowRoot!.querySelectorAll('iframe')).toHaveLength(1);
    expect(frameOf(withEndpoint)).toBeNull();
    expect(await api.log()).toHaveLength(1);
    expect(events.names().filter((name) => name === 'kyc-ready')).toHaveLength(1);
  });

  it("once the runtime is here, its session requests warm the frame's connection too (not a refresh); the warm-up frame goes when the frame has loaded", async () => {
    await loadRuntime();
    const api = endpoint('slow', { url: scripted(['ready']) });
    const el = document.createElement('kyc-widget');
    el.setAttribute('allowed-origins', `${SILENT} ${SANDBOX}`); // the warm-up frame never loads by itself
    el.setAttribute('session-endpoint', api.url);
    document.body.append(el);
    await waitUntil(() => el.shadowRoot!.querySelector('iframe'), 'no warm-up frame', { timeout: 5000, interval: 5 });
    const warm = el.shadowRoot!.querySelector('iframe')!;
    expect(warm.src).toBe(`${SILENT}/robots.txt`);
    expect(warm.getAttribute('sandbox')).toBe('allow-same-origin');
    const order = warmUpOrder(el, warm);
    await untilState(el, 'ready');
    expect(await order).toEqual(['frame made', 'frame loaded', 'warm-up gone']);
    expect([...el.shadowRoot!.querySelectorAll('iframe')]).toEqual([frameOf(el)]);
    expect(await api.log()).toHaveLength(1);
  });

  it('once the runtime is here, a new element uses it at once (no boot in between)', async () => {
    await loadRuntime();
    const el = mount((el) => (el.sessionUrl = 'not a url'));
    await Promise.resolve();
    expect(el.state).toBe('error'); // config-invalid in the same task: the runtime's own checks, synchronously
    expect(el.lastError?.code).toBe('config-invalid');
  });
});

/**
 * A message of no protocol that a scripted frame posts after the messages under test (a `raw:` step). The runtime
 * logs it, in debug mode, as an ignored message: once it has, it has handled every message the frame posted before
 * it (postMessage keeps one window's order, and the bridge hands its queue over in order), the replay of what the
 * frame said before the runtime was here included. The marker for "the runtime said nothing more".
 */
const PROBE = `raw:${encodeURIComponent(JSON.stringify({ sandboxProbe: 1 }))}`;

/** Watches debug mode's log (set `el.debug` before the inputs) for the runtime's handling of PROBE. */
function probeHandled() {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  probes.push(() => info.mockRestore());
  return () =>
    waitUntil(
      () => info.mock.calls.some((args) => String(args[0]) === '[kyc-widget] ignored message'),
      'the runtime never handled the probe',
      { timeout: 5000 },
    );
}
const probes: Array<() => void> = [];

/**
 * The scripted sandbox page at `src` posted its last step (and so every earlier one), and this page had one more
 * task to handle them: helpers' scriptDone, without its wait for the runtime (held back here).
 */
const scriptSaid = (src: string) =>
  new Promise<void>((resolve) => {
    const listen = (event: MessageEvent) => {
      const data = event.data as { sandbox?: unknown; href?: unknown } | null;
      if (data?.href !== src || (data.sandbox !== 'script-done' && data.sandbox !== 'script-failed')) return;
      window.removeEventListener('message', listen);
      setTimeout(resolve);
    };
    window.addEventListener('message', listen);
  });

/** Sandbox frames at each of `urls` (scripted: they post to this page), each with the promise of its script said. */
function forgers(urls: string[]) {
  return urls.map((url) => {
    const done = scriptSaid(url);
    const forger = document.createElement('iframe');
    forger.src = url;
    document.body.append(forger);
    return { done, forger };
  });
}

describe('kyc-ready: as soon as the frame says it, before the runtime is here', () => {
  const readyCount = (events: { names(): string[] }) => events.names().filter((name) => name === 'kyc-ready').length;

  it("the frame's ready and start: one kyc-ready and one kyc-start before the runtime; after it, no second one, and the flow goes on to one kyc-complete", async () => {
    forgetRuntime();
    const held = holdRuntime();
    const events = record(document);
    const src = scripted(['ready', 'start', 'progress:document', 'complete:approved'], { session: 'ses_ready_1' });
    const said = scriptSaid(src);
    const el = mount((el) => (el.sessionUrl = src));
    // The whole script said (its later messages wait in the bridge for the runtime), and the runtime still held.
    await said;
    expect(runtimeNow()).toBeUndefined();
    expect(events.names()).toEqual(STARTED);
    expect(el.state).toBe('in-progress');
    // As the runtime says them: the generic frame's ready and start name no session (its complete does).
    expect(events[2].detail).toEqual({ provider: 'generic' });
    expect(events[1].detail).toEqual({ provider: 'generic', state: 'ready', previous: 'loading' });
    expect(events[3].detail).toEqual({ provider: 'generic', state: 'in-progress', previous: 'ready' });
    expect(events[4].detail).toEqual({ provider: 'generic' });
    held.release();
    await untilState(el, 'complete');
    events.stop();
    // The runtime replayed the frame's ready and start to its protocol: the flow was in progress already, nothing
    // was said twice.
    expect(events.names()).toEqual([...STARTED, 'kyc-progress', 'state:complete', 'kyc-complete']);
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail)).toEqual([
      { provider: 'generic', sessionId: 'ses_ready_1', outcome: 'approved' },
    ]);
  });

  it('a ready forged by another window (the page itself, a frame of the right origin, a stranger) says nothing', async () => {
    forgetRuntime();
    const held = holdRuntime();
    const events = record(document);
    // The frame waits before its own ready: until then, a kyc-ready could only come from a forger.
    const src = scripted(['wait:1500', 'ready', PROBE]);
    const handled = probeHandled();
    const el = mount((el) => {
      el.debug = true;
      el.sessionUrl = src;
    });
    const said = scriptSaid(src);
    await waitUntil(() => frameOf(el)?.contentWindow, 'no frame', { timeout: 5000 });
    window.postMessage({ kyc: 1, type: 'ready' }, '*');
    const forged = forgers([scripted(['ready'], {}, SANDBOX), scripted(['ready'], {}, STRANGER)]);
    // Both forgers said ready to this page while the widget's frame was there (the page's own message came first).
    await Promise.all(forged.map(({ done }) => done));
    await new Promise((resolve) => setTimeout(resolve));
    expect(events.names()).toEqual(['state:loading']);
    expect(el.state).toBe('loading');
    // The positive control: the frame's own ready, still before the runtime.
    await said;
    expect(runtimeNow()).toBeUndefined();
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    forged.forEach(({ forger }) => forger.remove());
    held.release();
    await loadRuntime();
    await handled(); // the runtime replayed the frame's ready, and then handled what came after it
    events.stop();
    expect(readyCount(events)).toBe(1);
    expect(el.state).toBe('ready');
  });

  // Each provider the widget frames (providers/<id>.ts `hear`), with the sandbox's script for it: its ready message, or
  // its first load.
  const SAYS_READY: Array<[DemoProvider, string[], string]> = [
    ['generic', ['ready'], 'ses_generic_ready'],
    ['persona', ['ready'], 'inq_sbxready0001'],
    ['sumsub', ['ready'], 'sbx_applicant_ready'], // its onInitialized, after the stand-in's idCheck.init
    ['veriff', ['wait:1'], 'sbx_veriff_ready'], // its handshake is its ready (the sandbox sends it on load)
    ['didit', ['ready'], 'sbx-didit-ready'],
    ['jumio', ['loaded'], 'sbx_workflow_ready'],
    ['yoti', ['started'], 'sbx_yoti_ready'], // its URL launch (the first load), and STARTED after it
    ['yoti', ['wait:1'], 'sbx_yoti_load'], // its URL launch: the first load alone
    ['idenfy', ['wait:1'], 'sbx-idenfy-ready'], // these four: the first load
    ['veratad', ['wait:1'], 'sbx-veratad-ready'],
    ['caf', ['wait:1'], 'sbx_exec_ready'],
    ['zignsec', ['wait:1'], 'sbx-zignsec-ready'],
  ];

  it.each(SAYS_READY)(
    '%s (script %j): kyc-ready before the runtime, as the runtime says it (state, detail, session id), and only once',
    async (provider, script, session) => {
      // What the runtime says for this frame, with the runtime here.
      await loadRuntime();
      const inputs = demoInputs(provider, { script, session });
      const reference = record(document);
      const first = mount((el) => applyInputs(el, inputs));
      await waitUntil(() => readyCount(reference) > 0, 'the runtime never said kyc-ready', { timeout: 5000 });
      reference.stop();
      const expected = { detail: reference.find((e) => e.type === 'kyc-ready')!.detail, sessionId: first.sessionId };
      first.remove();

      forgetRuntime();
      const held = holdRuntime();
      const events = record(document);
      const handled = probeHandled();
      const probed = demoInputs(provider, { script: [...script, PROBE], session });
      const el = mount((el) => {
        el.debug = true;
        applyInputs(el, probed);
      });
      await waitUntil(() => readyCount(events) > 0, 'no kyc-ready before the runtime', { timeout: 5000 });
      expect(runtimeNow()).toBeUndefined();
      expect(el.state).toBe('ready');
      expect({ detail: events.find((e) => e.type === 'kyc-ready')!.detail, sessionId: el.sessionId }).toEqual(expected);
      held.release();
      await loadRuntime();
      await handled(); // the runtime replayed what the frame said before it, and then handled the probe after it
      events.stop();
      expect(events.names().slice(0, 3)).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
      expect(readyCount(events)).toBe(1);
      expect(el.sessionId).toBe(expected.sessionId);
    },
  );
});

describe('kyc-start: as soon as the frame says the person began, before the runtime is here', () => {
  const starts = (events: { names(): string[] }) => events.names().filter((name) => name === 'kyc-start').length;

  it('a start forged by another window (the page itself, a frame of the right origin, a stranger) says nothing', async () => {
    forgetRuntime();
    const held = holdRuntime();
    const events = record(document);
    // The frame says ready, then waits for a token from this page before its own start: until then, a kyc-start
    // could only come from a forger. Its progress after the start is the runtime's to say.
    const src = scripted(['ready', 'await-token', 'start', 'progress:after']);
    const said = scriptSaid(src);
    const el = mount((el) => (el.sessionUrl = src));
    await untilState(el, 'ready');
    window.postMessage({ kyc: 1, type: 'start' }, '*');
    const forged = forgers([scripted(['start'], {}, SANDBOX), scripted(['start'], {}, STRANGER)]);
    // Both forgers said start to this page while the widget's frame was there (the page's own message came first).
    await Promise.all(forged.map(({ done }) => done));
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    expect(el.state).toBe('ready');
    // The positive control: the frame's own start, still before the runtime.
    frameOf(el)!.contentWindow!.postMessage({ kyc: 1, type: 'token', token: 'go' }, SANDBOX);
    await said;
    expect(runtimeNow()).toBeUndefined();
    expect(events.names()).toEqual(STARTED);
    forged.forEach(({ forger }) => forger.remove());
    held.release();
    await waitUntil(() => events.some((e) => e.type === 'kyc-progress'), 'the runtime never replayed', {
      timeout: 5000,
    });
    events.stop();
    expect(events.names()).toEqual([...STARTED, 'kyc-progress']);
  });

  it("sumsub: before the runtime, only the session the frame's hello bound speaks; the others say nothing", async () => {
    forgetRuntime();
    const held = holdRuntime();
    const events = record(document);
    const raw = (data: object) => `raw:${encodeURIComponent(JSON.stringify(data))}`;
    // The frame's hello binds sbx_sdk_bound (the stand-in answers it); the frame then speaks as another session (its
    // onInitialized, its applicant, a step) and waits for this page; then as the bound one.
    const inputs = demoInputs('sumsub', {
      params: { 'sdk-session': 'sbx_sdk_bound' },
      script: [
        'on-ready',
        'session:sbx_sdk_other',
        'await-init',
        'step:IDENTITY',
        'await-token',
        'session:',
        raw({ method: 'idCheck.onInitialized', sessionId: 'sbx_sdk_bound' }),
        'step:SELFIE',
      ],
    });
    // The frame's steps, as this page hears them after the widget's listener (added with the frame) did.
    const steps: unknown[] = [];
    const listen = (event: MessageEvent) => {
      const data = event.data as { method?: unknown; idDocSetType?: unknown } | null;
      if (event.source === frameOf(el)?.contentWindow && data?.method === 'idCheck.onStepInitiated')
        steps.push(data.idDocSetType);
    };
    window.addEventListener('message', listen);
    const el = mount((el) => applyInputs(el, inputs));
    // The other session's step reached this page: the frame is now waiting for the token.
    await waitUntil(() => steps.includes('IDENTITY'), 'the frame never spoke as another session', { timeout: 5000 });
    expect(events.names()).toEqual(['state:loading']);
    frameOf(el)!.contentWindow!.postMessage({ method: 'idCheck.updateAccessToken', accessToken: 'go' }, SANDBOX);
    await waitUntil(() => starts(events) > 0, 'the bound session never started', { timeout: 5000 });
    expect(runtimeNow()).toBeUndefined();
    expect(events.names()).toEqual(STARTED);
    expect(el.sessionId).toBeUndefined(); // the applicant was named by the other session only
    window.removeEventListener('message', listen);
    held.release();
  });

  const startWith = (sessionId: string) =>
    `raw:${encodeURIComponent(JSON.stringify({ kyc: 1, type: 'start', sessionId }))}`;
  // Each provider whose frame says it started in a message (providers/<id>.ts `hear`): the sandbox's script for it,
  // the session it reports, and what the runtime says last (after the start's replay).
  const SAYS_START: Array<[string, DemoProvider, string[], string | undefined, string]> = [
    ['generic', 'generic', ['ready', 'start', 'progress:document'], 'ses_generic_start', 'kyc-progress'],
    [
      'generic, naming its session in the start',
      'generic',
      ['ready', startWith('ses_named_start'), 'progress:document'],
      undefined,
      'kyc-progress',
    ],
    ['persona', 'persona', ['ready', 'start', 'page-change:/verify/selfie'], 'inq_sbxstart0001', 'kyc-progress'],
    // The first idCheck.onStepInitiated, naming the applicant the frame loaded after its onInitialized.
    ['sumsub', 'sumsub', ['ready', 'step:IDENTITY', 'submitted'], 'sbx_applicant_start', 'kyc-submit'],
    ['veriff', 'veriff', ['started', 'submitted'], 'sbx_veriff_start', 'kyc-submit'], // its handshake is its ready
    ['didit', 'didit', ['ready', 'started', 'step:document'], 'sbx-didit-start', 'kyc-progress'],
    // Ready at its first load; its first STEP_STARTED is the start (and the step's kyc-progress, the runtime's).
    ['caf', 'caf', ['step:DOCUMENT_TYPE:1', 'finished'], 'sbx_exec_start', 'kyc-complete'],
  ];

  it.each(SAYS_START)(
    '%s: kyc-start before the runtime, as the runtime says it (events, details, order, session id), and only once',
    async (_, provider, script, session, last) => {
      // What the runtime says for this frame, with the runtime here.
      await loadRuntime();
      const inputs = demoInputs(provider, { script, session });
      const reference = record(document);
      const first = mount((el) => applyInputs(el, inputs));
      await waitUntil(() => reference.some((e) => e.type === last), `the runtime never said ${last}`, {
        timeout: 5000,
      });
      reference.stop();
      const expected = [...reference];
      const sessionId = first.sessionId;
      first.remove();
      const start = expected.findIndex((e) => e.type === 'kyc-start');
      expect(starts(reference)).toBe(1);

      forgetRuntime();
      const held = holdRuntime();
      const events = record(document);
      const el = mount((el) => applyInputs(el, inputs));
      await waitUntil(() => starts(events) > 0, 'no kyc-start before the runtime', { timeout: 5000 });
      expect(runtimeNow()).toBeUndefined();
      expect(el.state).toBe('in-progress');
      // Up to its kyc-start, what the runtime said, event for event and detail for detail.
      expect([...events]).toEqual(expected.slice(0, start + 1));
      held.release();
      await waitUntil(() => events.some((e) => e.type === last), `the runtime never said ${last}`, { timeout: 5000 });
      events.stop();
      // And then the rest, as the runtime said it: no second kyc-start, nothing in another order.
      expect([...events]).toEqual(expected);
      expect(el.sessionId).toBe(sessionId);
    },
  );
});

describe("the boot's handshake answer goes to the origin that spoke, nowhere else", () => {
  // Each provider whose frame waits for the host's answer (providers/<id>/frame.ts `reply`): the handshake, and what
  // the answer carries (Sumsub's access token, Yoti's session token: secrets).
  const HANDSHAKES: Array<[DemoProvider, string[], RegExp, { launch?: 'post' }, string | undefined]> = [
    ['generic', ['ready'], /"type":"ready"/, {}, undefined],
    ['sumsub', ['on-ready'], /idCheck\.onReady/, {}, SANDBOX_TOKENS.sumsub],
    ['veriff', ['wait:1'], /VERIFF_HANDSHAKE/i, {}, undefined], // these two say it on load
    ['yoti', ['wait:1'], /"eventType":"STARTED"/, { launch: 'post' }, SANDBOX_TOKENS.yoti],
  ];

  it.each(HANDSHAKES)(
    '%s: a handshake still queued when the frame has gone to a third origin is answered to no one there',
    async (provider, script, handshake, options, secret) => {
      forgetRuntime();
      holdRuntime();
      const target = talkOf(provider);
      const original = target.reply!;
      const replies: unknown[] = [];
      target.reply = (...args) => {
        const reply = original(...args);
        if (reply !== undefined) replies.push(reply);
        return reply;
      };
      // The handshake is taken off the page before the bridge sees it (a capturing listener on the target runs
      // before the bridge's) and given back once the frame is on the stranger's spy page: the race Chromium allows
      // when the frame navigates while its message waits in the page's queue, made certain.
      let el: KycWidgetElement | undefined;
      let frame: HTMLIFrameElement | null = null;
      let held: MessageEvent | undefined;
      const spied: string[][] = [];
      const listen = (event: MessageEvent) => {
        frame ??= el ? frameOf(el) : null;
        if (!frame || event.source !== frame.contentWindow) return;
        const data = event.data as { spy?: unknown; received?: string[] } | null;
        if (event.origin === STRANGER && data?.spy && data.received) spied.push(data.received);
        else if (!held && handshake.test(typeof data === 'string' ? data : JSON.stringify(data))) {
          held = event;
          event.stopImmediatePropagation();
        }
      };
      window.addEventListener('message', listen, { capture: true });
      try {
        const inputs = demoInputs(provider, { script });
        el = mount((el) => {
          if (options.launch) el.options = options;
          applyInputs(el, inputs);
        });
        await waitUntil(() => held, `the ${provider} frame never sent its handshake`, { timeout: 5000 });
        expect(replies).toEqual([]);
        frame!.contentWindow!.location.href = `${STRANGER}/spy`;
        await waitUntil(() => spied.length > 0, 'the frame never reached the spy page', { timeout: 5000 });
        const data: unknown = held!.data;
        const { origin, source } = held!;
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
        // The bridge answered (with the secret, where the provider hands one over)…
        expect(replies).toHaveLength(1);
        if (secret) expect(JSON.stringify(replies[0])).toContain(secret);
        // …and the spy, which reports all it received every 100 ms, reports twice more: it got nothing.
        const before = spied.length;
        await waitUntil(() => spied.length > before + 1, 'the spy stopped reporting', { timeout: 5000 });
        expect(spied.at(-1)).toEqual([]);
      } finally {
        window.removeEventListener('message', listen, { capture: true });
        target.reply = original;
      }
    },
  );
});

/**
 * What happens in `el`'s shadow root from now until the warm-up frame `warm` goes (at most 5 s): the real frame
 * made, its load (a capturing listener on the target runs before the element's own), the warm-up frame's removal.
 */
function warmUpOrder(el: HTMLElement, warm: HTMLIFrameElement): Promise<string[]> {
  const seen: string[] = [];
  const watch = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes)
        if (node instanceof HTMLIFrameElement && node !== warm) {
          seen.push('frame made');
          node.addEventListener('load', () => seen.push('frame loaded'), { capture: true, once: true });
        }
      for (const node of record.removedNodes) if (node === warm) seen.push('warm-up gone');
    }
  });
  watch.observe(el.shadowRoot!, { childList: true, subtree: true });
  return waitUntil(() => !warm.isConnected, 'the warm-up frame stayed', { timeout: 5000, interval: 5 }).then(() => {
    watch.disconnect();
    return seen;
  });
}
