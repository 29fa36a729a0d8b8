import { afterAll, describe, expect, it } from 'vitest';
import { canRetry } from '../../src/flow/machine';
import { initialModel } from '../../src/element/first-step';
import type { Config, Model } from '../../src/flow/model';
import { step } from '../../src/flow/step';
import type { FrameProviderId } from '../support/providers';
import { adapters, context, send, start, TOKEN } from './providers/helpers';

/**
 * Exactly once, in every protocol: the provider's own finishing, cancelling and failing messages, repeated
 * and in every order, run through the real adapter and the runtime's own `step`, give at most one
 * kyc-complete or kyc-cancel per attempt (and never both); retry() starts an attempt that can finish once.
 */

interface Run {
  ready: unknown[];
  /** Messages that end a flow (finish, cancel, fatal error), each as the real frame sends it. */
  endings: unknown[];
  /** The index of an ending after which retry() is allowed (a cancel or a recoverable error). */
  retryable: number;
  /** The host's options the provider needs besides a session URL and token. */
  options?: Record<string, unknown>;
}

const CONTAINER = 'kyc-widget-0123456789abcdef01234567';

const SUMSUB_SESSION = 'sbx_sdk_once';
const RUNS: Record<FrameProviderId, Run> = {
  generic: {
    ready: [{ kyc: 1, type: 'ready' }],
    endings: [
      { kyc: 1, type: 'complete', outcome: 'approved' },
      { kyc: 1, type: 'cancel' },
      { kyc: 1, type: 'error', code: 'x', recoverable: false },
      { kyc: 1, type: 'complete', outcome: 'declined' },
    ],
    retryable: 1,
  },
  persona: {
    ready: [{ name: 'ready', containerId: CONTAINER }],
    endings: [
      { name: 'complete', containerId: CONTAINER, metadata: { inquiryId: 'inq_1', status: 'completed' } },
      { name: 'exit', containerId: CONTAINER, metadata: {} },
      { name: 'complete', containerId: CONTAINER, metadata: { inquiryId: 'inq_1', status: 'failed' } },
    ],
    retryable: 1,
  },
  sumsub: {
    ready: [
      { method: 'idCheck.onReady', sessionId: SUMSUB_SESSION },
      { method: 'idCheck.onInitialized', sessionId: SUMSUB_SESSION },
    ],
    endings: [
      {
        method: 'idCheck.onApplicantStatusChanged',
        sessionId: SUMSUB_SESSION,
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
      },
      {
        method: 'idCheck.onApplicantStatusChanged',
        sessionId: SUMSUB_SESSION,
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'RED' },
      },
      { method: 'idCheck.onError', sessionId: SUMSUB_SESSION, code: 'boom' },
    ],
    // Sumsub's frame never ends the flow with an error (onError is a warning): start() again after RED.
    retryable: 1,
  },
  veriff: {
    ready: ['VERIFF_LOADED'],
    endings: ['VERIFF_FINISHED', 'VERIFF_CANCELED', 'VERIFF_FINISHED'],
    retryable: 1,
  },
  jumio: {
    ready: [{ eventType: 510, workflowExecutionId: 'wf', payload: { value: 'loaded' } }],
    endings: [
      { eventType: 510, workflowExecutionId: 'wf', payload: { value: 'success' } },
      { eventType: 510, workflowExecutionId: 'wf', payload: { value: 'error', metainfo: { code: 9100 } } },
      { eventType: 510, workflowExecutionId: 'wf', payload: { value: 'success' } },
    ],
    retryable: 1,
  },
  idenfy: {
    ready: [],
    endings: [{ status: 'APPROVED', manualStatus: 'APPROVED' }, { status: 'FAILED' }, { status: 'UNVERIFIED' }],
    retryable: 2,
  },
  didit: {
    ready: [{ type: 'didit:ready' }],
    endings: [
      { type: 'didit:completed', data: { status: 'Approved' } },
      { type: 'didit:cancelled' },
      { type: 'didit:completed', data: { status: 'Declined' } },
    ],
    retryable: 1,
  },
  yoti: {
    ready: [],
    endings: [
      { eventType: 'SUCCESS' },
      { eventType: 'ERROR', eventCode: 1000 },
      { eventType: 'ERROR', eventCode: 5004 },
    ],
    retryable: 1,
    options: { sessionId: 'yoti_session_1' },
  },
  veratad: {
    ready: [],
    endings: ['PASS', 'CLOSE', { status: 'FAIL', component: 'DCAMS', error: '', event: '' }, 'BOT DETECTED'],
    retryable: 1,
  },
  caf: {
    ready: [{ code: 'STEP_STARTED', response: { stepName: 'INSTRUCTIONS', stepIndex: 0 } }],
    // CAF's only ending: a second attempt starts after it (start(), as after any complete).
    endings: [
      { code: 'ONBOARDING_FINISHED', response: { executionId: 'exec_1' } },
      JSON.stringify({ code: 'ONBOARDING_FINISHED', response: { executionId: 'exec_1' } }),
      { code: 'ONBOARDING_FINISHED', executionId: 'exec_2' },
    ],
    retryable: 0,
  },
  zignsec: {
    ready: [],
    endings: [
      { product: 'SCANNING', payload: { sessionId: 'zs_1', sessionStatus: 'Accepted', errorCode: null } },
      {
        product: 'SCANNING',
        payload: { sessionId: 'zs_1', sessionStatus: 'OperatorRequired', errorCode: 'USER_CANCEL' },
      },
      { product: 'SCANNING', payload: { sessionId: 'zs_1', sessionStatus: 'Rejected', errorCode: null } },
    ],
    retryable: 1,
  },
};

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const FRAME = { url: new URL('https://frame.example/s/1'), context: {} };
type Frame = typeof FRAME;
const CONFIG: Config<Frame> = {
  resolution: { kind: 'ok', frame: FRAME },
  key: 'k',
  binding: '',
  mode: 'inline',
  open: false,
  session: true,
  modalOpen: false,
};

interface Emitted {
  event: string;
}

/**
 * One attempt: the frame's messages through the adapter and `step`, as the element runs them. `batched`: the
 * messages after `ready` are handed to `step` as one list of signals (as one frame message that means several
 * things, like Persona's `complete`): the frame is still attached while they run, so nothing but the machine's
 * once-guard stands between the first ending and the second.
 */
function attempt(
  provider: FrameProviderId,
  messages: unknown[],
  from: Model<Frame>,
  batched = 0,
): { model: Model<Frame>; emits: Emitted[] } {
  const ctx = context({
    sessionToken: TOKEN,
    sessionUrl: new URL('https://frame.example/s/1'),
    options: RUNS[provider].options ?? {},
  });
  const { session, url } = start(adapters[provider], ctx);
  // Persona binds to the container id its frame URL names: the messages carry that one.
  const container = url.searchParams.get('container-id');
  if (container) messages = JSON.parse(JSON.stringify(messages).replaceAll(CONTAINER, container)) as unknown[];
  // retry() where the state allows it, else start() (a finished flow restarts from the beginning).
  let model = step(
    from,
    canRetry(from.snapshot) ? { type: 'retry', config: CONFIG } : { type: 'start', config: CONFIG },
  ).model;
  const emits: Emitted[] = [];
  session.onLoad?.();
  const batches = batched
    ? [...messages.slice(0, batched).map((m) => [m]), messages.slice(batched)]
    : messages.map((m) => [m]);
  for (const batch of batches) {
    const signals = batch.flatMap((message) => send(session, message));
    const next = step(model, { type: 'signals', frame: model.frame!.id, signals, from: 'message' });
    model = next.model;
    for (const effect of next.effects) if (effect.type === 'emit') emits.push({ event: effect.name });
  }
  return { model, emits };
}

const totals = { sequences: 0, completes: 0, cancels: 0, violations: 0 };

/**
 * The figure, printed once the file is done: what was counted as it happened (each sequence is counted before its
 * assertion), and, when fewer sequences ran than the orders planned (a failed or filtered test), how many.
 */
afterAll(() => {
  const planned = Object.values(RUNS).reduce(
    (sum, run) => sum + permutations([...run.endings, ...run.endings.slice(0, 2)]).length,
    0,
  );
  console.log(
    `exactly once: ${totals.sequences} sequences in ${Object.keys(RUNS).length} protocols, ${totals.completes} kyc-complete, ${totals.cancels} kyc-cancel, ${totals.violations} attempts with more than one${totals.sequences < planned ? ` (${totals.sequences} of ${planned} orders run)` : ''}`,
  );
});

describe('exactly once, in every protocol', () => {
  for (const [provider, run] of Object.entries(RUNS) as Array<[FrameProviderId, Run]>) {
    it(`${provider}: every order of its endings, each repeated, gives at most one kyc-complete or kyc-cancel`, () => {
      const orders = permutations([...run.endings, ...run.endings.slice(0, 2)]);
      let finished = 0;
      for (const order of orders) {
        const { emits } = attempt(provider, [...run.ready, ...order], initialModel());
        const ends = emits.filter((e) => e.event === 'kyc-complete' || e.event === 'kyc-cancel');
        totals.sequences++;
        totals.completes += ends.filter((e) => e.event === 'kyc-complete').length;
        totals.cancels += ends.filter((e) => e.event === 'kyc-cancel').length;
        if (ends.length > 1) totals.violations++;
        expect(ends.length, JSON.stringify(order)).toBeLessThanOrEqual(1);
        if (ends.length === 1) finished++;
      }
      // Not vacuous: the adapter really took these messages, and most orders do finish.
      expect(finished).toBeGreaterThan(orders.length / 2);
    });

    it(`${provider}: its endings, each repeated, in one batch of signals: one kyc-complete or kyc-cancel (the machine's once-guard alone)`, () => {
      for (const order of permutations([...run.endings, ...run.endings.slice(0, 2)])) {
        const { emits } = attempt(provider, [...run.ready, ...order], initialModel(), run.ready.length);
        const ends = emits.filter((e) => e.event === 'kyc-complete' || e.event === 'kyc-cancel');
        if (ends.length > 1) totals.violations++;
        expect(ends.length, JSON.stringify(order)).toBeLessThanOrEqual(1);
      }
    });

    it(`${provider}: after an ending, retry() (or start()) begins an attempt that can finish once more`, () => {
      const first = attempt(provider, [...run.ready, run.endings[run.retryable]], initialModel());
      expect(['cancelled', 'error', 'complete']).toContain(first.model.snapshot.state);
      const second = attempt(provider, [...run.ready, run.endings[0], ...run.endings], first.model);
      expect(second.model.snapshot.attempt).toBe(first.model.snapshot.attempt + 1);
      const ends = second.emits.filter((e) => e.event === 'kyc-complete' || e.event === 'kyc-cancel');
      expect(ends).toHaveLength(1);
    });
  }
});
