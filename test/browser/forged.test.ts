import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { rng } from '../unit/providers/helpers';
import {
  applyInputs,
  demoInputs,
  fixtureCleanup,
  frameOf,
  record,
  SANDBOX,
  STRANGER,
  untilState,
  widget,
  DEMO_PROVIDERS,
  type DemoProvider,
  type Recorded,
} from './helpers';

/**
 * Forged messages (SECURITY.md): for every provider, its own real message shapes (with the ids of the
 * running session, so they would be accepted from the real frame) in every encoding, plus malformed,
 * oversized, deeply nested and prototype-polluting payloads, posted by four windows that are not the
 * widget's frame on an allowed origin: the host page, a second frame on the provider's own origin, a
 * frame on a third origin, and the widget's own frame after it navigated to that third origin.
 * Each batch ends with a delivery receipt, so "nothing happened" is checked after everything arrived.
 */

/** accepted: by the frame bridge (its debug-mode stats); events: kyc-* events during the forgeries. */
const totals = { tried: 0, accepted: 0, events: 0, exceptions: 0, stateChanges: 0 };
/** Tests begun, and tests whose counts are in the totals: a test that failed before counting is said so. */
const runs = { begun: 0, counted: 0 };
let exceptions = 0;
const onError = () => exceptions++;
window.addEventListener('error', onError);
window.addEventListener('unhandledrejection', onError);

afterEach(() => {
  fixtureCleanup();
  document.querySelectorAll('iframe.relay').forEach((frame) => frame.remove());
});

afterAll(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onError);
  const uncounted = runs.begun - runs.counted;
  console.log(
    `forged messages: ${totals.tried} tried, ${totals.accepted} accepted by the bridge, ${totals.events} events, ${totals.stateChanges} state changes, ${totals.exceptions} exceptions${uncounted ? ` (${uncounted} of ${runs.begun} tests failed before counting)` : ''}`,
  );
});

/** Each provider's finishing, cancelling and failing messages, as its real frame would send them now. */
function realShapes(provider: DemoProvider, el: KycWidgetElement): unknown[] {
  const src = new URL(frameOf(el)!.src);
  switch (provider) {
    case 'generic':
      return [
        { kyc: 1, type: 'complete', outcome: 'approved', sessionId: 'forged' },
        { kyc: 1, type: 'cancel' },
        { kyc: 1, type: 'error', code: 'x', recoverable: false },
        { kyc: 1, type: 'resize', height: 9000 },
        { kyc: 1, type: 'token-expired' },
      ];
    case 'persona': {
      const containerId = src.searchParams.get('container-id');
      return [
        { containerId, name: 'complete', metadata: { inquiryId: 'inq_forged', status: 'approved' } },
        { containerId, name: 'exit', metadata: {} },
        { containerId, name: 'error', error: { code: 'invalid_config' } },
        { name: 'complete', metadata: { inquiryId: 'inq_forged', status: 'completed' } },
      ];
    }
    case 'sumsub': {
      const sessionId = 'sbx_sdk_forged_target';
      return [
        {
          method: 'idCheck.onApplicantStatusChanged',
          sessionId,
          reviewStatus: 'completed',
          reviewResult: { reviewAnswer: 'GREEN' },
        },
        { method: 'idCheck.onApplicantSubmitted', sessionId },
        { method: 'idCheck.onError', sessionId, code: 'invalid-token' },
        { method: 'idCheck.onReady', frameId: src.searchParams.get('_'), sessionId: 'sbx_sdk_forger' },
      ];
    }
    case 'veriff':
      return ['VERIFF_FINISHED', 'VERIFF_CANCELED', 'VERIFF_FORCE_RELOAD', 'VERIFF_RELOAD_REQUEST', 'VERIFF_SUBMITTED'];
    case 'jumio': {
      const event = (value: string, code?: number) => ({
        authorizationToken: 'forged',
        workflowExecutionId: 'sbx_workflow_0001',
        eventType: 510,
        dateTime: new Date().toISOString(),
        payload: code ? { value, metainfo: { code } } : { value },
      });
      return [event('success'), event('error', 9820), event('loaded')];
    }
    case 'idenfy':
      return [
        { status: 'APPROVED', manualStatus: 'APPROVED', autoSuspected: false, manualSuspected: false },
        { status: 'FAILED' },
        { status: 'success' },
      ];
    case 'didit':
      return [
        { type: 'didit:completed', data: { sessionId: 'forged', status: 'Approved' } },
        { type: 'didit:cancelled' },
        { type: 'didit:error', data: { error: 'camera_permission_denied' } },
        { type: 'didit:close_request' },
      ];
    case 'yoti':
      return [
        { eventType: 'SUCCESS' },
        { eventType: 'ERROR', eventCode: 1000 },
        { eventType: 'ERROR', eventCode: 2002 },
        { eventType: 'STARTED' },
      ];
    case 'veratad':
      return [
        'PASS',
        'FAIL',
        'CLOSE',
        'LINK EXPIRED',
        { status: 'PASS', component: 'DCAMS', error: '', event: '' },
        { status: '', component: '', error: 'BAD TOKEN', event: '' },
      ];
    case 'caf':
      return [
        { code: 'ONBOARDING_FINISHED', response: { executionId: 'forged' } },
        { code: 'SDK_CAMERA_DENIED', response: {} },
        { code: 'STEP_STARTED', response: { stepName: 'FORGED', stepIndex: 1 } },
      ];
    case 'zignsec': {
      const sessionId = src.pathname.split('/').pop();
      return [
        {
          product: 'SCANNING',
          payload: { sessionId, sessionStatus: 'Accepted', relayState: null, errorCode: null, errorDetails: null },
        },
        {
          product: 'SCANNING',
          payload: { sessionId, sessionStatus: 'OperatorRequired', errorCode: 'LINK_EXPIRED', errorDetails: 'forged' },
        },
      ];
    }
  }
}

/** Every encoding a frame may use, plus hostile payloads around the provider's own names. */
function forgeries(shapes: unknown[], seed: number): unknown[] {
  const random = rng(seed);
  const out: unknown[] = [];
  for (const shape of shapes) {
    out.push(shape, JSON.stringify(shape), ` ${JSON.stringify(shape)}\n`);
    if (shape && typeof shape === 'object') {
      out.push(`{"__proto__": {"polluted": true}, ${JSON.stringify(shape).slice(1)}`);
      out.push({ ...(shape as object), constructor: { prototype: { polluted: true } } });
      out.push({ data: shape, payload: shape });
    }
  }
  let nested: unknown = shapes[0];
  for (let i = 0; i < 200; i++) nested = { payload: nested, data: nested === shapes[0] ? nested : undefined };
  out.push(nested);
  out.push(`${'['.repeat(5000)}${']'.repeat(5000)}`);
  out.push('x'.repeat(1024 * 1024));
  out.push({ big: 'y'.repeat(300_000), ...(typeof shapes[0] === 'object' ? (shapes[0] as object) : {}) });
  out.push(null, 0, -1, true, [], [shapes[0]], '', '{', 'undefined', 'NaN');
  while (out.length < 45)
    out.push(JSON.stringify(shapes[Math.floor(random() * shapes.length)]).slice(0, Math.floor(random() * 60)));
  return out;
}

/** A relay frame (forge.js relay mode) on `origin`, once it says it is listening. */
async function relayOn(origin: string): Promise<Window> {
  const frame = document.createElement('iframe');
  frame.className = 'relay';
  frame.src = `${origin}/forge?relay=1&repeat=0`;
  const ready = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source === frame.contentWindow && (event.data as { forgeReady?: unknown } | null)?.forgeReady) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
  document.body.append(frame);
  await ready;
  return frame.contentWindow!;
}

let orders = 0;

/** Has `relay` post `messages` to this page; resolves once its receipt arrived (so every message did). */
function relay(target: Window, origin: string, messages: unknown[]): Promise<void> {
  const id = ++orders;
  const done = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (
        event.source === target &&
        (event.data as { forgeDone?: unknown } | null)?.forgeDone !== undefined &&
        (event.data as { id?: unknown }).id === id
      ) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
  target.postMessage({ forge: messages, id }, origin);
  return done;
}

/** The host page itself: its own messages are delivered in order, the receipt after them. */
function fromHostPage(messages: unknown[]): Promise<void> {
  const id = `host-${++orders}`;
  const done = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if ((event.data as { receipt?: unknown } | null)?.receipt === id) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
  for (const message of messages) window.postMessage(message, '*');
  window.postMessage({ receipt: id }, '*');
  return done;
}

function tally(events: Recorded[], el: KycWidgetElement, state: string, tried: number, before: number): void {
  runs.counted++;
  totals.tried += tried;
  totals.events += events.length;
  totals.exceptions += exceptions - before;
  if (el.state !== state) totals.stateChanges++;
}

interface Stats {
  accepted: number;
  ignored: number;
}

/**
 * The frame bridge's counts of accepted and ignored messages, as debug mode logs them: with every event, and with
 * every accepted message that meant nothing. `latest()` is the last logged snapshot (a real-frame message after
 * it would have logged a newer one); `now()` makes the widget log one more (the host's cancel(), an event).
 */
function watchStats(el: KycWidgetElement) {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  el.debug = true;
  const latest = (): Stats => {
    const calls = info.mock.calls.filter((args) => String(args[0]).startsWith('[kyc-widget]'));
    const stats = calls.at(-1)?.at(-1) as Stats | undefined;
    if (!stats) throw new Error('debug mode has logged no counts yet');
    return stats;
  };
  return {
    latest,
    now(): Stats {
      el.cancel();
      return latest();
    },
    stop: () => info.mockRestore(),
  };
}

/**
 * A message of no protocol, posted by the real frame first (`raw:` step): the bridge accepts it (right window, allowed
 * origin) and debug mode logs the count, so every test starts from a logged count with at least one message accepted
 * from this very frame: the positive control of "none of the forgeries was accepted".
 */
const PROBE = `raw:${encodeURIComponent(JSON.stringify({ sandboxProbe: 1 }))}`;

/** The provider's sandbox page, in debug mode from before its inputs (so its first messages are counted and logged). */
async function mountCounted(provider: DemoProvider, script: string) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const stats = watchStats(el);
  applyInputs(
    el,
    demoInputs(provider, { script, params: provider === 'sumsub' ? { 'sdk-session': 'sbx_sdk_forged_target' } : {} }),
  );
  return { el, stats };
}

const PROVIDERS = DEMO_PROVIDERS;
const READY: Record<DemoProvider, string> = {
  generic: 'ready',
  persona: 'ready',
  sumsub: 'ready',
  veriff: 'started',
  jumio: 'loaded',
  idenfy: '',
  didit: 'ready',
  yoti: '',
  veratad: '',
  caf: 'wait:1', // scripted: its interactive page reports a first step on load
  zignsec: '',
};
const SETTLED: Record<DemoProvider, string> = {
  generic: 'ready',
  persona: 'ready',
  sumsub: 'ready',
  veriff: 'in-progress',
  jumio: 'ready',
  idenfy: 'ready',
  didit: 'ready',
  yoti: 'ready',
  veratad: 'ready',
  caf: 'ready',
  zignsec: 'ready',
};

describe('forged messages: zero events, zero state changes, zero exceptions', () => {
  PROVIDERS.forEach((provider, index) => {
    it(`${provider}: from the host page, a second frame on the provider's origin, and a third origin`, async () => {
      runs.begun++;
      const { el, stats } = await mountCounted(provider, [READY[provider], PROBE].filter(Boolean).join(','));
      await untilState(el, SETTLED[provider]);
      await expect.poll(() => stats.latest().accepted).toBeGreaterThanOrEqual(1); // the probe, from the real frame
      const messages = forgeries(realShapes(provider, el), index + 1);
      const [sameOrigin, stranger] = await Promise.all([relayOn(SANDBOX), relayOn(STRANGER)]);
      const events = record(el);
      const before = exceptions;
      const start = stats.latest();
      await fromHostPage(messages);
      await relay(sameOrigin, SANDBOX, messages);
      await relay(stranger, STRANGER, messages);
      await new Promise((resolve) => setTimeout(resolve));
      events.stop();
      // Every count into the figures first: a failed assertion below must not leave a figure that says all is well.
      tally(events, el, SETTLED[provider], messages.length * 3, before);
      const after = el.state; // now() cancels, to make the widget log its counts
      const end = stats.now();
      stats.stop();
      totals.accepted += end.accepted - start.accepted;
      expect(events.map((e) => e.type)).toEqual([]);
      expect(after).toBe(SETTLED[provider]);
      expect(exceptions - before).toBe(0);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // The bridge itself turned every one of them away: none accepted, all counted as ignored.
      expect(end.accepted - start.accepted).toBe(0);
      expect(end.ignored - start!.ignored).toBeGreaterThanOrEqual(messages.length * 3);
    });

    it(`${provider}: from its own frame after it navigated to a third origin`, async () => {
      runs.begun++;
      const navigate = `navigate:${encodeURIComponent(`${STRANGER}/forge?relay=1&repeat=0`)}`;
      const { el, stats } = await mountCounted(provider, [READY[provider], PROBE, navigate].filter(Boolean).join(','));
      // The frame announces itself from the third origin: it is the widget's frame, on a foreign origin.
      const arrived = new Promise<void>((resolve) => {
        const listener = (event: MessageEvent) => {
          if (
            event.origin === STRANGER &&
            (event.data as { forgeReady?: unknown } | null)?.forgeReady &&
            event.source === frameOf(el)?.contentWindow
          ) {
            window.removeEventListener('message', listener);
            resolve();
          }
        };
        window.addEventListener('message', listener);
      });
      await arrived;
      const state = el.state;
      const messages = forgeries(realShapes(provider, el), 100 + index);
      const events = record(el);
      const before = exceptions;
      // The probe, posted by this frame before it left, was accepted and logged (postMessage keeps the order of one
      // window's messages: it came before the frame's announcement from the third origin). Then none of the
      // forgeries may be accepted, and each one the frame posted from the third origin is counted as ignored.
      const start = stats.latest();
      expect(start.accepted).toBeGreaterThanOrEqual(1);
      await relay(frameOf(el)!.contentWindow!, STRANGER, messages);
      await new Promise((resolve) => setTimeout(resolve));
      events.stop();
      tally(events, el, state, messages.length, before);
      const after = el.state;
      const end = stats.now();
      stats.stop();
      totals.accepted += end.accepted - start.accepted;
      expect(events.map((e) => e.type)).toEqual([]);
      expect(after).toBe(state);
      expect(exceptions - before).toBe(0);
      expect(end.accepted - start.accepted).toBe(0);
      expect(end.ignored - start.ignored).toBeGreaterThanOrEqual(messages.length);
    });
  });
});
