import { afterEach, describe, expect, it } from 'vitest';
import { forgetRuntime, loadRuntime, runtimeLoader, runtimeNow } from '../../src/element/handover';
import type { KycWidgetElement } from '../../src/index';
import { fixtureCleanup, frameOf, record, SANDBOX, scripted, untilState, waitUntil } from './helpers';

/**
 * The boot path: what the element does before its runtime chunk is here. Each browser test file has its own
 * module graph, so this file's first test is the first element on a fresh page with nothing of the runtime
 * loaded; the later tests start on the boot again (forgetRuntime) and hold the runtime back (runtimeLoader)
 * to see what happens before it arrives.
 */

const realLoad = runtimeLoader.load;

/** Holds the runtime chunk back until `release()`; `pending` is true until then. */
function holdRuntime() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = { pending: true, release: () => ((held.pending = false), release()) };
  runtimeLoader.load = () => gate.then(realLoad);
  return held;
}

afterEach(async () => {
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
      (await fetch(`/__kyc/session/log?id=${id}`)).json() as Promise<Array<{ body: { refresh: boolean } }>>,
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
    expect(held.pending).toBe(true);
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

  it('a runtime that cannot be downloaded ends in a clear, recoverable kyc-error; retry() downloads it again', async () => {
    forgetRuntime();
    runtimeLoader.load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const events = record(document);
    const el = mount((el) => (el.sessionUrl = scripted(['ready'])));
    await untilState(el, 'error');
    expect(events.names()).toEqual(['state:loading', 'state:error', 'kyc-error']);
    expect(el.lastError).toMatchObject({ code: 'frame-load-timeout', recoverable: true, provider: 'generic' });
    expect(el.lastError?.message).toMatch(/could not be downloaded/);
    expect(frameOf(el)).toBeNull(); // no frame left waiting for a protocol that never comes
    runtimeLoader.load = realLoad;
    el.retry();
    await untilState(el, 'ready');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:error',
      'kyc-error',
      'state:loading',
      'state:ready',
      'kyc-ready',
    ]);
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
    expect(held.pending).toBe(true);
    held.release();
    await untilState(el, 'ready');
    events.stop();
    expect(frameOf(el)).toBe(first);
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    expect(await api.log()).toHaveLength(1);
  });

  it("while the backend makes the session, a throwaway frame warms the connection to the provider's origin; it goes when the frame comes", async () => {
    forgetRuntime();
    const held = holdRuntime();
    const src = scripted(['ready']);
    const api = endpoint('slow', { url: src }); // answers after 300 ms
    const el = mount((el) => {
      el.setAttribute('allowed-origins', SANDBOX); // the origin the frame will come from
      el.setAttribute('session-endpoint', api.url);
    });
    await Promise.resolve(); // the end of the task that set the inputs: the request is on its way
    const frames = () => [...el.shadowRoot!.querySelectorAll('iframe')];
    expect(frameOf(el)).toBeNull();
    expect(frames()).toHaveLength(1);
    const warm = frames()[0];
    // Cross-site like the real frame (so its connection is the one the frame's request takes), and inert.
    expect(warm.src).toBe(`${SANDBOX}/robots.txt`);
    expect(warm.getAttribute('sandbox')).toBe('');
    expect(warm.referrerPolicy).toBe('no-referrer');
    expect(getComputedStyle(warm).display).toBe('none'); // not rendered: not focusable, not in the accessibility tree
    await waitUntil(() => frameOf(el), 'the frame never came', { timeout: 5000, interval: 5 });
    expect(frameOf(el)?.src).toBe(src);
    expect(frames()).toEqual([frameOf(el)]); // the warm-up frame is gone
    expect(held.pending).toBe(true);
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
    expect(held.pending).toBe(true);
    held.release();
    await untilState(el, 'error', 10000);
    expect(el.lastError).toMatchObject({ code: 'session-fetch-failed' });
    expect(await api.log()).toHaveLength(4);
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

  it("once the runtime is here, its session requests warm the frame's connection too (not a refresh)", async () => {
    await loadRuntime();
    const api = endpoint('slow', { url: scripted(['ready']) });
    const el = document.createElement('kyc-widget');
    // Every iframe the widget puts in its shadow root, in order (the warm-up frame goes once it has loaded).
    const added: HTMLIFrameElement[] = [];
    const watch = new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((n) => n instanceof HTMLIFrameElement && added.push(n))),
    );
    watch.observe(el.shadowRoot!, { childList: true, subtree: true });
    el.setAttribute('allowed-origins', SANDBOX);
    el.setAttribute('session-endpoint', api.url);
    document.body.append(el);
    await untilState(el, 'ready');
    watch.disconnect();
    expect(added.map((frame) => frame.src)).toEqual([`${SANDBOX}/robots.txt`, frameOf(el)!.src]);
    expect(added[0].getAttribute('sandbox')).toBe('');
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
