import { FRAME_TIMEOUT_HINT, makeError } from './errors';
import { isLive } from './machine';
import type { Event, FrameLike } from './model';
import type { Run } from './run';

/**
 * Attempts and frames: beginning a frame (the request first, then the state change), the element leaving the
 * page and coming back, what the frame's timers and protocol report (attached, the load timeout, the slow hint),
 * and the provider asking for a fresh frame. Every report carries its frame's id: one for a frame that has
 * been replaced or stopped is nothing.
 */

/** A frame request that reloads this many times at the provider's request fails: it would loop. */
export const MAX_RELOADS = 3;

/** `fresh`: new inputs (a new session); `reload`: the same frame again, at the provider's request. */
export type How = 'start' | 'fresh' | 'retry' | 'reload';

/** The frame request first; only then the state change, its events, announcements and screens. */
export function begin<F extends FrameLike>(run: Run<F>, frame: F, how: How): void {
  const m = run.m;
  const reloads = how === 'reload' ? (m.frame?.reloads ?? 0) + 1 : 0;
  const id = ++m.frames;
  run.do({ type: 'load-frame', frame, id });
  m.frame = { id, frame, token: frame.context.sessionToken, takesTokens: false, reloads };
  m.framed = true;
  run.dropFrameResume(); // an expired token or an earlier loss has no frame to resume now
  run.transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
  // After the request and the state change: can the frame get the camera it asks for? (docs/embedding.md)
  run.do({ type: 'check-camera', origin: frame.url.origin });
}

/**
 * The stand-in's frame, taken over as `begin` would have begun it, minus the request and the events. A frame that
 * already said ready (the stand-in's kyc-ready) is settled at once: its load timers stop as entering `ready` stops
 * them, and the replay of its ready finds the flow ready (no second kyc-ready: flow/machine.ts).
 */
export function adoptFrame<F extends FrameLike>(run: Run<F>): void {
  const frame = run.m.frame;
  if (!frame) return;
  // As in begin; and before what the frame said meanwhile is replayed to its protocol.
  run.do(
    { type: 'check-camera', origin: frame.frame.url.origin },
    { type: 'adopt-frame', frame: frame.frame, id: frame.id },
  );
  if (run.state !== 'loading') run.do({ type: 'settled' });
}

/** The provider asked for a fresh frame (Veriff's camera re-ask): the frame only, a few times at most. */
export function reload<F extends FrameLike>(run: Run<F>): void {
  const frame = run.m.frame;
  if (!frame) return;
  if (frame.reloads < MAX_RELOADS) begin(run, frame.frame, 'reload');
  else run.fail(makeError('provider-error', 'the frame asked to be reloaded too many times'));
}

/** Whether a report is about the frame that is there now. */
export function isRunning<F extends FrameLike>(run: Run<F>, frame: number): boolean {
  return frame === run.m.frame?.id && run.m.framed;
}

export function attached<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'attached' }>): void {
  const m = run.m;
  if (m.frame && event.frame === m.frame.id) m.frame = { ...m.frame, takesTokens: event.takesTokens };
}

/** The frame did not say ready in time: only while it is loading. */
export function timedOut<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'timeout' }>): void {
  if (!isRunning(run, event.frame) || run.state !== 'loading') return;
  const seconds = Math.round(event.after / 100) / 10;
  run.fail(
    makeError('frame-load-timeout', `the frame did not say it was ready within ${seconds} s: ${FRAME_TIMEOUT_HINT}`),
  );
}

/** Loading takes longer than usual: the hint under the spinner, only while loading. */
export function slow<F extends FrameLike>(run: Run<F>, frame: number): void {
  if (isRunning(run, frame) && run.state === 'loading') run.do({ type: 'slow' });
}

/** The element is on the page (again): a flow that was running when it left loads again, whatever the configuration. */
export function connect<F extends FrameLike>(run: Run<F>): void {
  const m = run.m;
  m.connected = true;
  if (m.resume?.on === 'connect') {
    m.key = ''; // the iframe is gone: the next pass loads it again
    m.resume = null;
  }
  run.do({ type: 'language', reset: true }, { type: 'listen', on: true }, { type: 'queue-configure' });
}

/** The element left the page (not a move): the frame goes, the request stops; a running or waiting flow resumes on connect. */
export function disconnect<F extends FrameLike>(run: Run<F>): void {
  const m = run.m;
  m.connected = false;
  run.do({ type: 'listen', on: false });
  const again = isLive(run.state) || m.resume?.on === 'token';
  run.stopFrame();
  m.resume = again ? { on: 'connect' } : null;
  m.request = null;
  run.do({ type: 'abort-session' }, { type: 'close-dialog' });
}
