import { makeError, type KycErrorInfo } from './errors';
import { withSessionId } from './events';
import { isLive, transition, type Input, type KycState, type Snapshot } from './machine';
import type { Effect, FrameLike, Model, Stepped } from './model';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One step's working copy of the model and the effects it collects, with what every concern of step uses: a
 * machine input (`transition`: the snapshot, entering the new state, its events), failing, stopping the frame.
 * The concerns (frames.ts, sessions.ts, connectivity.ts, configuration.ts, signals.ts) are functions of a Run.
 */
export class Run<F extends FrameLike> {
  readonly m: Mutable<Model<F>>;
  readonly effects: Effect<F>[] = [];
  /** Asked first about every failure: true when it was handled otherwise (flow/failover.ts: another provider). */
  failover?: (error: KycErrorInfo) => boolean;

  constructor(model: Model<F>) {
    this.m = { ...model };
  }

  get state(): KycState {
    return this.m.snapshot.state;
  }

  get result(): Stepped<F> {
    return { model: this.m, effects: this.effects };
  }

  do(...effects: Effect<F>[]): void {
    this.effects.push(...effects);
  }

  /** The running frame's protocol can take a new token without a reload. */
  get takesTokens(): boolean {
    return this.m.framed && this.m.frame?.takesTokens === true;
  }

  /** A machine input: the snapshot, the side effects of entering a new state, then its events in order. */
  transition(input: Input, keepFrame = false): void {
    if (input.type === 'fail' && this.failover?.(input.error)) return;
    const m = this.m;
    this.do({ type: 'dress' });
    const previous = m.snapshot;
    const { snapshot, emits } = transition(previous, input);
    m.snapshot = snapshot;
    if (snapshot !== previous) this.do({ type: 'snapshot', snapshot });
    if (snapshot.state !== previous.state) this.#enter(snapshot, previous, keepFrame);
    for (const emit of emits) this.do({ type: 'emit', ...withSessionId(emit, snapshot.sessionId) });
    if (input.type === 'progress' && input.index !== undefined && input.total !== undefined)
      this.do({ type: 'announce', say: { step: { index: input.index, total: input.total } } });
  }

  /** Entering a state, before its events are dispatched. */
  #enter(snapshot: Snapshot, previous: Snapshot, keepFrame: boolean): void {
    const { state } = snapshot;
    const live = isLive(state);
    if (!live && !keepFrame) this.stopFrame();
    if (state === 'ready' || !live) this.do({ type: 'settled' });
    if ((!live || previous.state === 'idle') && state !== 'idle') this.do({ type: 'focus', to: 'screen' });
    if (live) this.do({ type: 'announce', say: { state } });
    this.do({ type: 'render' });
    // Focus waited on the loading screen (after "Try again"): the frame is where the person goes on, once shown.
    if (state === 'ready') this.do({ type: 'focus', to: 'frame' });
  }

  fail(error: KycErrorInfo, keepFrame = false): void {
    this.transition({ type: 'fail', error }, keepFrame);
  }

  failConfig(message: string): void {
    this.stopFrame();
    this.fail(makeError('config-invalid', message));
  }

  stopFrame(): void {
    const m = this.m;
    if (m.framed) this.do({ type: 'stop-frame' });
    m.framed = false;
    this.dropFrameResume();
  }

  /**
   * A resume that needs the frame (`token`, `online`) goes with it, or with a new one; `connect` waits for the
   * element to come back, whatever happens to frames meanwhile.
   */
  dropFrameResume(): void {
    if (this.m.resume?.on !== 'connect') this.m.resume = null;
  }
}
