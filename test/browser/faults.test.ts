import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import {
  attr,
  demoInputs,
  applyInputs,
  fixtureCleanup,
  frameOf,
  record,
  SANDBOX,
  scripted,
  settle,
  untilState,
  widget,
  DEMO_PROVIDERS,
  type DemoProvider,
} from './helpers';

/**
 * Frame faults, endpoint faults and load (SECURITY.md): a clear end state for each fault, a host page
 * that stays responsive, outcomes exactly once, events only on their own element.
 */

const figures: string[] = [];
afterEach(() => fixtureCleanup());
afterAll(() => console.log(`faults and load:\n  ${figures.join('\n  ')}`));

describe('frame faults', () => {
  it.each([
    ['a frame URL that 404s', `${SANDBOX}/no-such-page`],
    ['a frame that refuses to be framed (X-Frame-Options: DENY, frame-ancestors none)', `${SANDBOX}/blocked`],
    ['a frame that never speaks', `${SANDBOX}/silent`],
  ])('%s → frame-load-timeout (recoverable), no frame left', async (_, url) => {
    const el = await widget(`<kyc-widget load-timeout="800" session-url="${attr(url)}"></kyc-widget>`);
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'frame-load-timeout', recoverable: true });
    expect(frameOf(el)).toBeNull();
    figures.push(`${_}: ${el.lastError?.code}`);
  });

  it('a frame that reloads itself mid-flow: the flow goes on in the reloaded page, and finishes once', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', 'self-reload', 'submit', 'complete:approved']))}"></kyc-widget>`,
    );
    const events = record(el);
    await untilState(el, 'complete');
    await settle();
    events.stop();
    expect(events.filter((e) => e.type === 'kyc-complete')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'kyc-error')).toHaveLength(0);
  });

  it('a frame that floods 10 000 messages a second for 2 s: the page stays responsive, the outcome comes once', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', 'flood:20000:2000', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'in-progress');
    // The host's main thread: how late a 16 ms timer fires while the flood lasts.
    let worst = 0;
    let ticks = 0;
    const began = performance.now();
    let last = began;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 16);
      last = now;
      ticks++;
    }, 16);
    let progress = 0;
    el.addEventListener('kyc-progress', () => progress++);
    const completes: unknown[] = [];
    el.addEventListener('kyc-complete', (e) => completes.push(e));
    try {
      await untilState(el, 'complete', 20000);
    } finally {
      clearInterval(timer);
    }
    const lasted = performance.now() - began;
    await settle();
    figures.push(
      `flood: 20000 messages in 2 s, ${progress} kyc-progress, ${completes.length} kyc-complete, ${ticks} timer ticks, worst main-thread lag ${Math.round(worst)} ms`,
    );
    expect(completes).toHaveLength(1);
    expect(progress).toBeGreaterThan(0);
    // A guard against a frozen page, not a speed target (npm run bench measures speed): the host's timers kept
    // running through the flood (about 125 ticks of 16 ms in 2 s on a quiet machine; at most 1, the tick after the
    // flood, if the page were frozen until it ends), and no pause lasted as long as the flood did here (a frozen page's
    // one pause is the whole flood). Both bounds are the frozen page's, measured on this run's own clock: a loaded
    // machine stretches the flood and its pauses together (a full suite on 2 busy cores: pauses of 1.35 s, 9 ticks).
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(worst).toBeLessThan(lasted * 0.9);
  }, 30000);
});

interface Logged {
  body: { refresh: boolean };
  aborted: boolean;
}

let runs = 0;
function endpoint(plan: string, url = scripted(['ready'])) {
  const id = `faults-${Date.now()}-${runs++}`;
  return {
    url: `/__kyc/session?${new URLSearchParams({ id, plan, url })}`,
    log: async (): Promise<Logged[]> => (await fetch(`/__kyc/session/log?id=${id}`)).json() as Promise<Logged[]>,
  };
}

function mount(sessionEndpoint: string): KycWidgetElement {
  const el = document.createElement('kyc-widget');
  el.sessionEndpoint = sessionEndpoint;
  document.body.append(el);
  return el;
}

describe('session endpoint faults', () => {
  it.each([
    ['500', 'http500,ok', 2],
    ['429 with Retry-After', 'http429,ok', 2],
    ['bad JSON', 'badjson,ok', 2],
    ['a wrong shape', 'shape,ok', 2],
    ['a dropped connection', 'drop,ok', 2],
  ])('%s, then a good answer: retried, then the frame', async (name, plan, requests) => {
    const api = endpoint(plan);
    const el = mount(api.url);
    const events = record(el);
    await untilState(el, 'ready', 10000);
    events.stop();
    const log = await api.log();
    expect(log).toHaveLength(requests);
    expect(events.filter((e) => e.type === 'kyc-error')).toHaveLength(0);
    figures.push(`endpoint ${name}: ${log.length} requests, then ready`);
    el.remove();
  });

  it('always failing: three retries (four requests), then session-fetch-failed', async () => {
    const api = endpoint('badjson');
    const el = mount(api.url);
    await untilState(el, 'error', 10000);
    expect(el.lastError).toMatchObject({ code: 'session-fetch-failed', recoverable: true });
    expect(await api.log()).toHaveLength(4);
    el.remove();
  });

  it('an expiresAt already past is refreshed before the frame loads', async () => {
    const api = endpoint('expired,ok');
    const el = mount(api.url);
    await untilState(el, 'ready', 10000);
    expect((await api.log()).map((r) => r.body.refresh)).toEqual([false, true]);
    el.remove();
  });

  it('the element removed mid-request aborts it, and nothing happens afterwards', async () => {
    // The removed element's endpoint never answers (a slow one could answer before the removal on a loaded
    // machine, and then there is nothing to abort): its request ends only by being aborted. What could happen
    // afterwards: a retry (a second request in its log) or an event. The control, mounted once the abort is seen,
    // shows both happening on this page: its endpoint fails twice (503), it retries twice (after a
    // backoff of at least 375 + 750 ms, more than the removed one's first backoff at most, 625 ms) and becomes
    // ready. Only then are the removed element's log and events read again.
    const api = endpoint('hang');
    const controlApi = endpoint('fail,fail,ok');
    const el = mount(api.url);
    const events = record(el);
    await expect.poll(async () => (await api.log()).length).toBe(1);
    el.remove();
    await expect.poll(async () => (await api.log()).map((r) => r.aborted)).toEqual([true]);
    const control = mount(controlApi.url);
    const controlEvents = record(control);
    await untilState(control, 'ready', 10000);
    await settle();
    events.stop();
    controlEvents.stop();
    expect(await controlApi.log()).toHaveLength(3); // retries happen on this page
    expect(controlEvents.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']); // events could be seen
    expect((await api.log()).map((r) => r.aborted)).toEqual([true]); // the removed one: no retry
    expect(events.names()).toEqual(['state:loading']); // and nothing after its start
    expect(frameOf(el)).toBeNull();
    control.remove();
  });
});

describe('load', () => {
  it('20 widgets, different providers and outcomes: every event reaches only its own element', async () => {
    const providers = DEMO_PROVIDERS;
    const scripts: Record<DemoProvider, string[]> = {
      generic: ['ready', 'start', 'complete:declined'],
      persona: ['ready', 'start', 'complete:approved'],
      sumsub: ['ready', 'step:IDENTITY', 'submitted', 'status:completed:GREEN'],
      veriff: ['started', 'submitted', 'finished'],
      jumio: ['loaded', 'success'],
      idenfy: ['status:APPROVED:APPROVED'],
      didit: ['ready', 'started', 'completed:Declined'],
      yoti: ['success'],
      veratad: ['state:PENDING:DCAMS::NEXT', 'word:PASS'],
      caf: ['step:INSTRUCTIONS:0', 'finished'],
      zignsec: ['result:OperatorRequired'],
    };
    const host = document.createElement('div');
    document.body.append(host);
    const widgets = Array.from({ length: 20 }, (_, i) => {
      const provider = providers[i % providers.length];
      const el = document.createElement('kyc-widget');
      el.style.cssText = 'display:block;height:80px';
      const seen: string[] = [];
      for (const type of ['kyc-ready', 'kyc-complete', 'kyc-error', 'kyc-cancel']) {
        el.addEventListener(type, (e) => {
          // Composed events bubble through ancestors: this listener is on the element itself.
          const detail = (e as CustomEvent<{ provider: string; sessionId?: string }>).detail;
          if (e.target === el) seen.push(`${type}:${detail.provider}:${detail.sessionId ?? '-'}`);
          else seen.push(`foreign:${type}`);
        });
      }
      // Several widgets share a provider: each one's own session, so cross-talk between them would show.
      const session = `load_${i}_${Date.now().toString(36)}`;
      applyInputs(el, demoInputs(provider, { script: scripts[provider], session }));
      host.append(el);
      return { el, provider, session, seen };
    });
    // Every kyc-complete in the page, with the element it came from (composed: it reaches the document).
    const completes: Array<{ target: EventTarget | null; sessionId?: string }> = [];
    const onComplete = (e: Event) =>
      completes.push({ target: e.target, sessionId: (e as CustomEvent<{ sessionId?: string }>).detail.sessionId });
    document.addEventListener('kyc-complete', onComplete);
    try {
      for (const { el } of widgets) await untilState(el, 'complete', 20000);
      await settle();
      for (const { el, seen, provider, session } of widgets) {
        // The providers whose frame reports an id report this widget's own session; the others report none.
        const id = el.sessionId ?? '-';
        expect([session, '-']).toContain(id);
        expect(seen.filter((s) => s.startsWith('kyc-complete'))).toEqual([`kyc-complete:${provider}:${id}`]);
        expect(seen.some((s) => s.startsWith('foreign') || s.startsWith('kyc-error'))).toBe(false);
        expect(completes.filter((c) => c.target === el).map((c) => c.sessionId ?? '-')).toEqual([id]);
      }
      expect(completes).toHaveLength(widgets.length);
      // Most providers do report it: the check above is not vacuous.
      expect(widgets.filter(({ el, session }) => el.sessionId === session).length).toBeGreaterThan(10);
      figures.push(
        `load: 20 widgets (${providers.length} providers) completed, each with exactly its own kyc-complete`,
      );
    } finally {
      document.removeEventListener('kyc-complete', onComplete);
      host.remove();
    }
  }, 40000);

  it('1000 rapid attribute changes end in the state of the last one, with exactly one iframe', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    for (let i = 0; i < 1000; i++) {
      el.setAttribute('session-url', scripted(['ready'], { n: String(i) }));
      if (i % 7 === 0) el.setAttribute('theme', i % 2 ? 'dark' : 'light');
      if (i % 100 === 0) await settle();
    }
    el.setAttribute('session-url', scripted(['ready'], { n: 'last' }));
    await untilState(el, 'ready');
    expect(el.shadowRoot!.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(frameOf(el)!.src).searchParams.get('n')).toBe('last');
  });
});
