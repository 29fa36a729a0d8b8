import type { KycErrorInfo } from '../flow/errors';
import type { Answer, Effect, FrameLike, Model } from '../flow/model';
import type { Resolution, ResolvedFrame } from './resolve';

/**
 * What the element decides before its runtime is here, in step's vocabulary (flow/model.ts: events in, effects
 * out, on the same Model): for valid inline inputs, the frame at once; with only a session endpoint, the session
 * request (warming the frame's origin meanwhile), then the frame in the task a good answer arrives; `idle → loading`;
 * `loading → ready` when the frame says it is ready, and on to `in-progress` when it says the person began (`kyc-ready`
 * and `kyc-start` once: the runtime's replay of those messages finds the flow there already, flow/machine.ts).
 * Nothing else: a problem to say, modal mode, start(), retry(), cancel() and every later change
 * wait for the runtime, which goes on from this model (flow/configuration.ts, `adopted`). Pure: unit-tested beside
 * step.
 */

export type FirstEvent =
  | { type: 'connect' }
  | { type: 'disconnect' }
  /** One pass over the inputs at the end of the task: their resolution, key, binding and mode, and the origin to warm. */
  | {
      type: 'configure';
      resolution: Resolution;
      key: string;
      binding: string;
      mode: 'inline' | 'modal';
      warm?: string;
    }
  /** The endpoint's answer to request `request`, read (null when it is not a good one), with what it resolves to. */
  | { type: 'session'; request: number; answer: Answer | null; resolution: Resolution | null; now: number }
  /**
   * Frame `frame` said its flow is ready, or that the person began (its provider's `hear`, providers/types.ts, on
   * what passed the bridge's guard), naming this session (already checked against the token).
   */
  | { type: 'frame-said'; said: 'ready' | 'start'; frame: number; sessionId?: string }
  /** The runtime chunk could not be downloaded; `asked`: the host gave a session, or called a method. */
  | { type: 'runtime-failed'; asked: boolean; provider: string };

type FirstModel = Model<ResolvedFrame>;

/** The model every element starts from (the stand-in's, then the runtime's: it is handed over). */
export function initialModel<F extends FrameLike = ResolvedFrame>(): Model<F> {
  return {
    snapshot: { state: 'idle', attempt: 0 },
    connected: false,
    resume: null,
    key: '',
    frame: null,
    framed: false,
    frames: 0,
    endpoint: undefined,
    binding: '',
    answer: null,
    stale: false,
    request: null,
    requests: 0,
    decisions: undefined,
    decision: null,
    watch: null,
    watches: 0,
    looked: false,
    gaveUp: '',
    late: '',
  };
}
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function firstStep(
  model: FirstModel,
  event: FirstEvent,
): { model: FirstModel; effects: Effect<ResolvedFrame>[] } {
  const m: Mutable<FirstModel> = { ...model };
  const effects: Effect<ResolvedFrame>[] = [];
  const enter = (state: 'loading' | 'ready' | 'in-progress' | 'error', error?: KycErrorInfo, sessionId?: string) => {
    const previous = m.snapshot;
    // As the machine moves (flow/machine.ts): a new attempt starts afresh; every event names the session once known.
    m.snapshot =
      state === 'loading'
        ? { state, attempt: previous.attempt + 1 }
        : { ...previous, state, ...(error && { error }), ...(sessionId && { sessionId }) };
    const id = m.snapshot.sessionId ? { sessionId: m.snapshot.sessionId } : {};
    effects.push({ type: 'snapshot', snapshot: m.snapshot });
    effects.push({ type: 'emit', name: 'kyc-statechange', detail: { ...id, state, previous: previous.state } });
    if (error) effects.push({ type: 'emit', name: 'kyc-error', detail: { ...id, ...error } });
    if (state === 'ready') effects.push({ type: 'emit', name: 'kyc-ready', detail: id });
    if (state === 'in-progress') effects.push({ type: 'emit', name: 'kyc-start', detail: id });
  };
  const launch = (frame: ResolvedFrame) => {
    const id = ++m.frames;
    m.frame = { id, frame, token: frame.context.sessionToken, takesTokens: false, reloads: 0 };
    m.framed = true;
    // A provider delivered as the vendor's script gets no iframe: its script starts loading, the runtime mounts it.
    effects.push({ type: 'load-frame', frame, id });
  };
  const drop = () => {
    if (m.framed) effects.push({ type: 'stop-frame' });
    if (m.request) effects.push({ type: 'abort-session' });
    m.framed = false;
    m.request = null;
  };

  switch (event.type) {
    case 'connect':
      m.connected = true;
      // Back on the page after it left mid-flow: the frame went with it, so the next pass launches again.
      if (m.resume?.on === 'connect') {
        m.resume = null;
        m.key = '';
      }
      break;
    case 'disconnect':
      m.connected = false;
      drop();
      // A running flow (loading, ready or in-progress here) starts again when the element is back, as the runtime's.
      if (m.snapshot.state !== 'idle' && m.snapshot.state !== 'error') m.resume = { on: 'connect' };
      break;
    case 'configure': {
      // Once per connection: after it launched, every change is the runtime's to compare and apply.
      const resolution = event.resolution;
      if (!m.connected || m.key || event.mode !== 'inline') break;
      if (resolution.kind === 'ok') {
        m.key = event.key;
        launch(resolution.frame);
      } else if (resolution.kind === 'needs-session') {
        m.key = event.key;
        m.endpoint = resolution.endpoint;
        m.binding = event.binding;
        const id = ++m.requests;
        m.request = {
          id,
          endpoint: resolution.endpoint,
          purpose: 'start',
          refresh: false,
          again: false,
          attempt: 1,
          frame: undefined,
          takesTokens: false,
        };
        effects.push({ type: 'fetch-session', endpoint: resolution.endpoint, refresh: false, request: id });
        if (event.warm) effects.push({ type: 'warm-up', url: new URL(event.warm) });
      } else break;
      // From idle, or a flow that was running when the element left the page: a new attempt.
      if (m.snapshot.state !== 'loading') enter('loading');
      break;
    }
    case 'session': {
      // A good answer: its frame. Anything else (an error, an expired or invalid answer) is the runtime's to read
      // from the same request, as its session client's first try.
      const { answer, resolution } = event;
      if (!m.connected || m.request?.id !== event.request || !answer || resolution?.kind !== 'ok') break;
      if (answer.expiresAt && Date.parse(answer.expiresAt) <= event.now) break;
      m.request = null;
      m.answer = answer;
      launch(resolution.frame);
      break;
    }
    case 'frame-said': {
      // The frame there now, once per attempt, as the machine moves: ready from loading, start from loading or ready.
      const { state } = m.snapshot;
      const start = event.said === 'start';
      if (!m.connected || !m.framed || m.frame?.id !== event.frame) break;
      if (state === 'loading' || (start && state === 'ready'))
        enter(start ? 'in-progress' : 'ready', undefined, event.sessionId);
      // No move (a framed flow is live here), but the session it names is the flow's now, as the machine's `idOnly`.
      else if (event.sessionId && !m.snapshot.sessionId)
        effects.push({ type: 'snapshot', snapshot: (m.snapshot = { ...m.snapshot, sessionId: event.sessionId }) });
      break;
    }
    case 'runtime-failed':
      // A flow that was asked for ends in a clear, recoverable error; retry() downloads the runtime again.
      if (!m.connected || !event.asked || m.snapshot.state === 'error') break;
      drop();
      enter('error', {
        code: 'frame-load-timeout',
        message: `the ${event.provider} protocol could not be downloaded: check the network`,
        recoverable: true,
      });
      break;
  }
  return { model: m, effects };
}
