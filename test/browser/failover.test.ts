import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { renderKycWidget } from '../../src/server/render';
import { forgetRuntime, loadRuntime, runtimeLoader } from '../../src/element/handover';
import { demoInputs, detailOf, fixtureCleanup, record, SANDBOX, scripted, SILENT, untilState, widget } from './helpers';

/**
 * `provider="auto"` in real Chromium: the test page's own endpoint (test/support/auto-endpoint.ts) names the provider,
 * whose frame or vendor script is on a second origin (the sandbox; SILENT, a server that never answers, for a provider
 * that never loads). Each test reads the request bodies the endpoint got, and the events in order.
 */

afterEach(() => fixtureCleanup());

// Short, so that a frame that never answers is left soon; long enough for the next one to say ready on a busy machine.
const LOAD_TIMEOUT = 3000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  delayMs?: number;
}

let runs = 0;

/** An endpoint answering each request with the next of `answers` (the last repeats), and a reader of what it got. */
function endpoint(answers: Answer[]) {
  const id = `auto-${Date.now()}-${runs++}`;
  const query = new URLSearchParams({ id, answers: JSON.stringify(answers) });
  return {
    url: `/__kyc/auto?${query}`,
    bodies: async (): Promise<unknown[]> => (await fetch(`/__kyc/auto/log?id=${id}`)).json() as Promise<unknown[]>,
  };
}

const chose = (provider: string, session: Record<string, unknown>): Answer => ({
  status: 200,
  body: { provider, ...session },
});

/** A generic frame that never answers: its request hangs. */
const NEVER = chose('generic', { sessionUrl: `${SILENT}/never` });
const GENERIC_READY = chose('generic', { sessionUrl: scripted(['ready']) });

/** An auto widget on `api`, recording from before its inputs; when it first went to loading, for the timing. */
async function mountAuto(api: { url: string }, options?: Record<string, unknown>) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  let loadingAt = 0;
  el.addEventListener('kyc-statechange', (e) => {
    if ((e as CustomEvent<{ state: string }>).detail.state === 'loading' && !loadingAt) loadingAt = performance.now();
  });
  el.provider = 'auto';
  el.loadTimeout = LOAD_TIMEOUT;
  el.allowedOrigins = `${SANDBOX} ${SILENT}`;
  if (options) el.options = options;
  el.sessionEndpoint = api.url;
  return { el, events, loadingAt: () => loadingAt };
}

/** The widget's provider frames and vendor boxes now: what a switch must leave is the new provider's alone. */
function parts(el: KycWidgetElement) {
  const root = el.shadowRoot!;
  return {
    frames: [...root.querySelectorAll<HTMLIFrameElement>('iframe[part~="frame"]')].map((f) => new URL(f.src).origin),
    sdk: root.querySelectorAll('[part~="sdk"]').length,
  };
}

const FIRST = { provider: 'auto', locale: 'en', refresh: false };

describe('provider="auto": the endpoint chooses, and a provider that fails before the person starts is left', () => {
  it('a frame that never answers: the next provider within the load timeout plus its ready, loading all along', async () => {
    const veriff = demoInputs('veriff');
    const api = endpoint([NEVER, chose('veriff', { sessionUrl: veriff.sessionUrl })]);
    const { el, events, loadingAt } = await mountAuto(api);
    await untilState(el, 'ready', LOAD_TIMEOUT + 8000);
    const took = performance.now() - loadingAt();
    events.stop();
    // The person saw loading, then the second provider: no error screen between.
    expect(events.names()).toEqual(['state:loading', 'kyc-warning', 'state:ready', 'kyc-ready']);
    expect(detailOf(events, 'kyc-warning')).toEqual({
      provider: 'veriff',
      previous: 'generic',
      code: 'provider-switched',
      message: expect.stringContaining('frame-load-timeout') as string,
    });
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'veriff' });
    expect(await api.bodies()).toEqual([
      FIRST,
      { ...FIRST, refresh: true, failed: [{ provider: 'generic', code: 'frame-load-timeout' }] },
    ]);
    expect(parts(el)).toEqual({ frames: [new URL(SANDBOX).origin], sdk: 0 });
    expect(took).toBeGreaterThanOrEqual(LOAD_TIMEOUT);
    expect(took).toBeLessThan(LOAD_TIMEOUT + 5000);
  }, 20000);

  // Timers never fire early, so each lower bound holds on any machine; each upper bound is the old rule's earliest (the
  // timeout counted from the frame's request), 1.5 s past the new rule's.
  it.each([
    ['within half the load timeout: the rest of it', 1500, LOAD_TIMEOUT],
    ['beyond half: the frame still gets half', 2500, 2500 + LOAD_TIMEOUT / 2],
  ])(
    'auto: a provider’s load timeout counts from the session request that named it; an answer %s',
    async (_, delayMs, earliest) => {
      const api = endpoint([{ ...NEVER, delayMs }, chose('veriff', { sessionUrl: demoInputs('veriff').sessionUrl })]);
      const { el, events, loadingAt } = await mountAuto(api);
      let switchedAt = 0;
      el.addEventListener('kyc-warning', () => (switchedAt ||= performance.now()));
      await untilState(el, 'ready', LOAD_TIMEOUT + delayMs + 8000);
      events.stop();
      const switched = switchedAt - loadingAt();
      expect(switched).toBeGreaterThanOrEqual(earliest);
      expect(switched).toBeLessThan(delayMs + LOAD_TIMEOUT);
    },
    20000,
  );

  it("an SDK-hosted provider whose script never loads: the next provider, the vendor's box gone", async () => {
    const api = endpoint([chose('onfido', { sessionToken: 'script=ready' }), GENERIC_READY]);
    const { el, events } = await mountAuto(api, { sdkUrl: `${SILENT}/Onfido.js` });
    await untilState(el, 'ready', LOAD_TIMEOUT + 8000);
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'kyc-warning', 'state:ready', 'kyc-ready']);
    expect(detailOf(events, 'kyc-warning')).toMatchObject({ provider: 'generic', previous: 'onfido' });
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'generic' });
    expect(await api.bodies()).toEqual([
      FIRST,
      { ...FIRST, refresh: true, failed: [{ provider: 'onfido', code: 'frame-load-timeout' }] },
    ]);
    expect(parts(el)).toEqual({ frames: [new URL(SANDBOX).origin], sdk: 0 });
  }, 20000);

  it('the endpoint answers 502 naming the provider: asked again at once (no backoff), with it in failed', async () => {
    const api = endpoint([{ status: 502, body: { error: 'provider-failed', provider: 'sumsub' } }, GENERIC_READY]);
    const { el, events } = await mountAuto(api);
    await untilState(el, 'ready');
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'kyc-warning', 'state:ready', 'kyc-ready']);
    expect(detailOf(events, 'kyc-warning')).toMatchObject({ provider: 'generic', previous: 'sumsub' });
    expect(await api.bodies()).toEqual([
      FIRST,
      { ...FIRST, refresh: true, failed: [{ provider: 'sumsub', code: 'session-fetch-failed' }] },
    ]);
  });

  it('a provider error it cannot recover from, before kyc-start: the next provider', async () => {
    const broken = chose('generic', { sessionUrl: scripted(['ready', 'error:refused:false']) });
    const veriff = demoInputs('veriff');
    const api = endpoint([broken, chose('veriff', { sessionUrl: veriff.sessionUrl })]);
    const { el, events } = await mountAuto(api);
    await expect.poll(() => events.names().includes('kyc-warning'), { timeout: 8000 }).toBe(true);
    await untilState(el, 'ready');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:loading',
      'kyc-warning',
      'state:ready',
      'kyc-ready',
    ]);
    expect(events.filter((e) => e.type === 'kyc-ready').map((e) => e.detail.provider)).toEqual(['generic', 'veriff']);
    expect((await api.bodies())[1]).toEqual({
      ...FIRST,
      refresh: true,
      failed: [{ provider: 'generic', code: 'provider-error' }],
    });
  });

  it('after kyc-start there is no switch: the error is the provider’s, and the endpoint is not asked again', async () => {
    const started = chose('generic', { sessionUrl: scripted(['ready', 'start', 'error:refused:false']) });
    const api = endpoint([started, GENERIC_READY]);
    const { el, events } = await mountAuto(api);
    await untilState(el, 'error');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'state:error',
      'kyc-error',
    ]);
    expect(detailOf(events, 'kyc-error')).toMatchObject({ provider: 'generic', code: 'provider-error' });
    expect(await api.bodies()).toEqual([FIRST]);
  });

  it('every candidate failed: one kyc-error, the last failure; retry() starts afresh (failed forgotten)', async () => {
    const api = endpoint([
      NEVER,
      { status: 503, body: { error: { code: 'no-provider', message: 'None left.' } } },
      GENERIC_READY,
    ]);
    const { el, events } = await mountAuto(api);
    await untilState(el, 'error', LOAD_TIMEOUT + 8000);
    expect(events.names()).toEqual(['state:loading', 'state:error', 'kyc-error']);
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'generic',
      code: 'frame-load-timeout',
      recoverable: true,
      message: expect.stringContaining('no other provider') as string,
    });
    expect(parts(el)).toEqual({ frames: [], sdk: 0 });
    el.retry();
    await untilState(el, 'ready');
    events.stop();
    expect(await api.bodies()).toEqual([
      FIRST,
      { ...FIRST, refresh: true, failed: [{ provider: 'generic', code: 'frame-load-timeout' }] },
      FIRST,
    ]);
    expect(events.filter((e) => e.type === 'kyc-error')).toHaveLength(1);
  }, 20000);

  it('an answer naming a provider that failed already ends the attempt with its failure (one switch per provider)', async () => {
    const api = endpoint([NEVER, NEVER]);
    const { el, events } = await mountAuto(api);
    await untilState(el, 'error', LOAD_TIMEOUT + 8000);
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'state:error', 'kyc-error']);
    expect(detailOf(events, 'kyc-error')).toMatchObject({ code: 'frame-load-timeout', recoverable: true });
    expect(await api.bodies()).toHaveLength(2);
  }, 20000);
});

/** Runs `test` with the runtime forgotten and held back until `release()`: the stand-in (element/stand-in.ts) runs. */
async function withStandIn(test: (release: () => void) => Promise<void>): Promise<void> {
  const realLoad = runtimeLoader.load;
  forgetRuntime();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  runtimeLoader.load = () => gate.then(realLoad);
  try {
    await test(release);
  } finally {
    release();
    runtimeLoader.load = realLoad;
    await loadRuntime().catch(() => undefined);
  }
}

describe('provider="auto" before the runtime is here (the stand-in)', () => {
  it("the endpoint's provider is every event's, kyc-ready included, before and after the hand-over", () =>
    withStandIn(async (release) => {
      const api = endpoint([chose('veriff', { sessionUrl: demoInputs('veriff').sessionUrl })]);
      const { el, events } = await mountAuto(api);
      await untilState(el, 'ready');
      // The stand-in said it: the runtime is still held back.
      expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
      release();
      await loadRuntime();
      el.cancel();
      await untilState(el, 'cancelled');
      events.stop();
      expect(events.map((e) => e.detail.provider)).toEqual(['auto', 'veriff', 'veriff', 'veriff', 'veriff']);
    }));

  it(
    'the load timeout of the frame it requested counts from the session request, in the runtime that adopts it',
    () =>
      withStandIn(async (release) => {
        const delayMs = 1500;
        const api = endpoint([{ ...NEVER, delayMs }, chose('veriff', { sessionUrl: demoInputs('veriff').sessionUrl })]);
        const { el, loadingAt } = await mountAuto(api);
        let switchedAt = 0;
        el.addEventListener('kyc-warning', () => (switchedAt ||= performance.now()));
        // The stand-in requested the silent frame; then the runtime arrives and adopts it, with its timer.
        await expect
          .poll(() => el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe[part~="frame"]')?.src, { timeout: 8000 })
          .toContain('/never');
        release();
        await untilState(el, 'ready', LOAD_TIMEOUT + delayMs + 8000);
        const switched = switchedAt - loadingAt();
        expect(switched).toBeGreaterThanOrEqual(LOAD_TIMEOUT);
        expect(switched).toBeLessThan(delayMs + LOAD_TIMEOUT);
      }),
    20000,
  );
});

describe('provider="auto": what it needs', () => {
  it('without a session-endpoint: config-invalid, saying so; nothing is asked', async () => {
    const el = await widget('<kyc-widget provider="auto" session-url="https://example.com/s"></kyc-widget>');
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'config-invalid', provider: 'auto' });
    expect(el.lastError!.message).toContain('needs a session-endpoint');
  });

  it("an answer that names no provider, or one this bundle lacks: config-invalid, the endpoint's answer said why", async () => {
    for (const answer of [
      { sessionUrl: scripted(['ready']) },
      { provider: 'nobody', sessionUrl: scripted(['ready']) },
    ]) {
      const api = endpoint([{ status: 200, body: answer }]);
      const { el } = await mountAuto(api);
      await untilState(el, 'error');
      expect(el.lastError).toMatchObject({ code: 'config-invalid', recoverable: false });
      expect(el.lastError!.message).toMatch(/^the session endpoint's answer: provider /);
      expect(parts(el)).toEqual({ frames: [], sdk: 0 });
      el.remove();
    }
  });
});

describe('provider="auto" rendered on the server (renderKycWidget)', () => {
  it('renders no frame, and the element asks the endpoint, then switches as without a server', async () => {
    const api = endpoint([NEVER, chose('veriff', { sessionUrl: demoInputs('veriff').sessionUrl })]);
    const html = renderKycWidget({
      provider: 'auto',
      sessionEndpoint: api.url,
      loadTimeout: LOAD_TIMEOUT,
      allowedOrigins: `${SANDBOX} ${SILENT}`,
      pageOrigin: location.origin,
    });
    const doc = (Document as unknown as { parseHTMLUnsafe(html: string): Document }).parseHTMLUnsafe(html);
    const el = doc.querySelector('kyc-widget')! as KycWidgetElement;
    expect(el.shadowRoot!.querySelector('iframe')).toBeNull();
    expect(el.hasAttribute('data-kyc-problem')).toBe(false);
    const events = record(document);
    document.body.append(document.adoptNode(el));
    await untilState(el, 'ready', LOAD_TIMEOUT + 8000);
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'kyc-warning', 'state:ready', 'kyc-ready']);
    expect(await api.bodies()).toEqual([
      FIRST,
      { ...FIRST, refresh: true, failed: [{ provider: 'generic', code: 'frame-load-timeout' }] },
    ]);
    el.remove();
  }, 20000);
});
