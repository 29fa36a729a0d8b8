import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  burstDelivered,
  clickInFrame,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fitViewport,
  fixtureCleanup,
  frameOf,
  mountDemo,
  oneEvent,
  removeForgers,
  together,
  uniqueSession,
  untilState,
} from '../helpers';

declare global {
  interface Window {
    __kycPageMarker?: string;
  }
}

afterEach(() => {
  fixtureCleanup();
  removeForgers();
  delete window.__kycPageMarker;
});

const FULL_RUN = [
  'state:loading',
  'state:ready',
  'kyc-ready',
  'state:in-progress',
  'kyc-start',
  'state:submitted',
  'kyc-submit',
  'state:complete',
  'kyc-complete',
];

describe('veriff: the sandbox /veriff/v/<session> frame, in real Chromium', () => {
  it('runs a verification: handshake → render → started → submitted → finished (pending, no session id)', async () => {
    const { el, events } = await mountDemo('veriff', {
      session: uniqueSession(),
      script: 'started,submitted,finished',
    });
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual(FULL_RUN);
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'veriff' });
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'veriff', outcome: 'pending' });
    expect(el.sessionId).toBeUndefined();
  });

  it('adds lang to the session URL (interactive page: it handshakes by itself)', async () => {
    const { el } = await mountDemo('veriff');
    await untilState(el, 'ready');
    expect(new URL(frameOf(el)!.src).searchParams.get('lang')).toBe('en');
  });

  it.each(['json', 'object'])('understands the names %s-encoded too', async (encoding) => {
    const { el, events } = await mountDemo('veriff', {
      script: [`encoding:${encoding}`, 'started', 'submitted', 'finished'],
    });
    await untilState(el, 'complete');
    expect(events.names()).toEqual(FULL_RUN);
  });

  it.each(['canceled', 'cancelled'])('VERIFF_%s → kyc-cancel', async (step) => {
    const { el, events } = await mountDemo('veriff', { script: ['started', step] });
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'state:cancelled',
      'kyc-cancel',
    ]);
  });

  it.each(['reload-request', 'force-reload'])(
    '%s (camera re-ask) reloads only the widget’s frame, which comes back to ready and finishes',
    async (step) => {
      window.__kycPageMarker = 'still here';
      const { el, events } = await mountDemo('veriff', {
        session: uniqueSession(),
        script: [`once:${step}`, 'started', 'finished'],
      });
      await oneEvent(el, 'kyc-ready'); // the state is ready only for an instant: wait on the event
      const first = frameOf(el)!;
      await untilState(el, 'complete');
      events.stop();
      expect(window.__kycPageMarker).toBe('still here'); // the test page itself never reloaded
      expect(events.names()).toEqual([
        'state:loading',
        'state:ready',
        'kyc-ready',
        'state:loading', // a fresh frame
        'state:ready',
        'kyc-ready',
        'state:in-progress',
        'kyc-start',
        'state:complete',
        'kyc-complete',
      ]);
      expect(first.isConnected).toBe(false); // the iframe element was replaced
      expect(events.some((e) => e.type === 'kyc-error')).toBe(false);
    },
  );

  it('a frame that keeps asking to reload ends in a provider-error after a few reloads', async () => {
    window.__kycPageMarker = 'still here';
    const { el, events } = await mountDemo('veriff', { script: 'reload-request' });
    await untilState(el, 'error');
    events.stop();
    expect(window.__kycPageMarker).toBe('still here');
    const loads = events.names().filter((name) => name === 'state:loading').length;
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(loads).toBeLessThanOrEqual(5);
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'veriff',
      code: 'provider-error',
      recoverable: true,
    });
    expect(frameOf(el)).toBeNull();
  });

  it('the first of a burst of endings tears the frame down: one kyc-complete, no kyc-cancel', async () => {
    const { el, events, frame } = await mountDemo('veriff', {
      script: ['started', 'submitted', together('finished', 'finished', 'canceled')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete')).toHaveLength(1);
    expect(events.some((e) => e.type === 'kyc-cancel')).toBe(false);
  });

  it('ignores Veriff strings forged by the host page, a second sandbox frame and a stranger (no reload either)', async () => {
    window.__kycPageMarker = 'still here';
    const { el, events } = await mountDemo('veriff');
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      'VERIFF_FINISHED',
      'VERIFF_CANCELED',
      'VERIFF_FORCE_RELOAD',
      'VERIFF_RELOAD_REQUEST',
      JSON.stringify('VERIFF_SUBMITTED'),
    ]);
    expect(window.__kycPageMarker).toBe('still here');
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    // VERIFF_RENDER, Veriff's only host → frame message, answers the handshake, before the frame leaves.
    const { el } = await expectSpyHearsNothing('veriff', ['started']);
    expect(el.state).toBe('in-progress');
  });
});

describe('veriff: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('handshakes by itself, then sends Veriff’s strings for each button', async () => {
    const { el, events } = await mountDemo('veriff');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Submit', 'Finish');
    await untilState(el, 'complete');
    expect(events.names()).toEqual(FULL_RUN);
  });

  it('“Camera permission lost” reloads the frame, which handshakes again and can be cancelled', async () => {
    const { el, events } = await mountDemo('veriff');
    await untilState(el, 'ready');
    const first = frameOf(el);
    await clickInFrame(el, 'Start', 'Camera permission lost (reload request)');
    await expect.poll(() => frameOf(el) !== first && el.state === 'ready').toBe(true);
    await clickInFrame(el, 'Cancel');
    await untilState(el, 'cancelled');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-start', 'kyc-ready', 'kyc-cancel']);
  });
});
