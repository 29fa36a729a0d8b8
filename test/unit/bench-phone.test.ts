import { describe, expect, it } from 'vitest';
import { isWidgetScript, lastRound, phonePlan, roundOrder, windowTasks } from '../../bench/phone.mjs';
import { medianInterval } from '../../bench/stats.mjs';

const MODES = ['generic', 'persona', 'sumsub', 'veriff', 'jumio', 'idenfy', 'didit'];

describe("bench: the phone section's plan", () => {
  const ALL = ['widget', 'bare', 'sdk'];
  const SDK_MODES = ['persona', 'sumsub', 'veriff', 'didit'];

  it('loopback, by default: every mode with the instant frame, the SDK modes heavy too, no endpoint pair', () => {
    const plan = phonePlan('loopback', { modes: MODES });
    expect(plan.variants.instant).toEqual(
      ['generic', 'persona', 'sumsub', 'veriff', 'didit', 'jumio', 'idenfy'].map((p) => [p, ALL]),
    );
    expect(plan.variants.heavy).toEqual(SDK_MODES.map((p) => [p, ['widget', 'sdk']]));
    expect(plan.endpoint).toEqual([]);
  });

  it('slow 4G, by default: widget and SDK in both frames, generic beside its bare iframe, every endpoint pair', () => {
    const plan = phonePlan('4g', { modes: MODES });
    expect(plan.variants.instant).toEqual([
      ['generic', ['widget', 'bare']],
      ...SDK_MODES.map((p) => [p, ['widget', 'sdk']]),
    ]);
    expect(plan.variants.heavy).toEqual(SDK_MODES.map((p) => [p, ['widget', 'sdk']]));
    expect(plan.endpoint).toEqual(SDK_MODES);
  });

  it('--full: every kind in both frames and the endpoint pairs, in either shape', () => {
    for (const shape of ['loopback', '4g']) {
      const plan = phonePlan(shape, { full: true, modes: MODES });
      expect(plan.variants.heavy).toEqual(['generic', ...SDK_MODES].map((p) => [p, ALL]));
      expect(plan.variants.instant).toHaveLength(MODES.length);
      expect(plan.endpoint).toEqual(SDK_MODES);
    }
  });

  it('leaves out what --modes leaves out', () => {
    const plan = phonePlan('4g', { modes: ['generic', 'sumsub'] });
    expect(plan.variants.instant.map(([p]) => p)).toEqual(['generic', 'sumsub']);
    expect(plan.variants.heavy.map(([p]) => p)).toEqual(['sumsub']);
    expect(plan.endpoint).toEqual(['sumsub']);
  });
});

describe('bench: long tasks in the window, ours or the page’s', () => {
  const script = (start: number, duration: number, url: string) => ({ start, duration, url });
  const sample = {
    frameRequested: 100,
    longTasks: [
      { start: 60, duration: 100 }, // the task that made the frame: 60 ms of it after the request
      { start: 170, duration: 80 }, // the first layout: no script of ours in it
      { start: 260, duration: 55 }, // our message handling, 55 ms
      { start: 400, duration: 90 }, // after ready
    ],
    longFrames: [
      { start: 60, duration: 110, scripts: [script(60, 90, 'http://h/dist/kyc-widget.js')] },
      { start: 170, duration: 80, scripts: [script(170, 10, 'http://h/phone/page.html')] },
      { start: 260, duration: 60, scripts: [script(262, 40, 'http://h/dist/chunks/protocols-x.js')] },
      { start: 400, duration: 90, scripts: [script(400, 90, 'http://h/dist/chunks/screens-element-y.js')] },
    ],
  };

  it('clips each task to [frame requested, ready] and tells ours from the rest by the scripts that ran in it', () => {
    expect(windowTasks(sample, 330)).toEqual({ ours: 60, other: 80, oursCount: 2 });
    // Ready before our message: only the first task is ours in the window.
    expect(windowTasks(sample, 200)).toEqual({ ours: 60, other: 30, oursCount: 1 });
  });

  it('knows a script of the build by its path, whatever the origin', () => {
    expect(isWidgetScript('http://127.0.0.1:1/dist/kyc-widget.js')).toBe(true);
    expect(isWidgetScript('http://127.0.0.1:1/dist/chunks/protocols-abc.js?x')).toBe(true);
    expect(isWidgetScript('http://127.0.0.1:1/sdk/persona.js')).toBe(false);
    expect(isWidgetScript('http://127.0.0.1:1/phone/loopback/instant/widget-generic.html')).toBe(false);
    expect(isWidgetScript(undefined)).toBe(false);
  });

  it('is null when the page could not observe long tasks or long animation frames', () => {
    expect(windowTasks({ ...sample, longFrames: null }, 330)).toBeNull();
    expect(windowTasks({ ...sample, longTasks: null }, 330)).toBeNull();
  });
});

describe('bench: the interval of a median', () => {
  it('holds the median, is the same for the same values, and narrows with more of them', () => {
    const few = [40, 44, 47, 52, 55, 61, 70];
    const [lo, hi] = medianInterval(few) as number[];
    expect(lo).toBeLessThanOrEqual(52);
    expect(hi).toBeGreaterThanOrEqual(52);
    expect(medianInterval(few)).toEqual([lo, hi]);
    const many = [...few, ...few, ...few, ...few];
    const [lo4, hi4] = medianInterval(many) as number[];
    expect(hi4 - lo4).toBeLessThanOrEqual(hi - lo);
  });
});

describe('bench: rounds', () => {
  const cases = [{ id: 'a' }, { id: 'b' }, { id: 'c', runs: 4 }, { id: 'd', runs: 4 }];
  const ids = (r: number) => (roundOrder(cases, r, 2) as { id: string }[]).map((c) => c.id);

  it('rotates every case through each round, then loads only the cases that asked for more rounds', () => {
    expect(lastRound(cases, 2)).toBe(4);
    expect(ids(0)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(1)).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(2)).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(3)).toEqual(['d', 'c']);
    expect(ids(4)).toEqual(['c', 'd']);
  });
});
