import { restart } from './configuration';
import { makeError } from './errors';
import { canRetry, isLive } from './machine';
import type { Event, FrameLike } from './model';
import type { Run } from './run';

/**
 * The offline rule (README error code `offline`), `offlineRule`, for what runtime/connectivity.ts reports:
 * - a short loss is a `kyc-warning` (with the banner and the grace period's timer): the frame stays, the state too;
 * - still offline when the grace period (30 s) ends while the flow runs: the `offline` error. A frame that had
 *   said ready stays behind the error screen, and the state it stopped in is kept (`resume: online`); one still
 *   loading goes (nothing to go on with);
 * - back online after that error: the flow resumes in the same frame, in that state; without one, it retries.
 */

type Connectivity<F extends FrameLike> = Extract<Event<F>, { type: 'offline' | 'still-offline' | 'online' }>;

export function offlineRule<F extends FrameLike>(run: Run<F>, event: Connectivity<F>): void {
  const m = run.m;
  const state = run.state;
  switch (event.type) {
    case 'offline':
      if (!isLive(state)) return;
      run.do({ type: 'offline', on: true });
      run.transition({
        type: 'warn',
        warning: {
          code: 'offline',
          message: 'the browser went offline; the flow goes on in the same frame when it is back online',
        },
      });
      return;
    case 'still-offline': {
      if (!isLive(state)) return;
      m.resume = state === 'loading' ? null : { on: 'online', state };
      const seconds = Math.round(event.after / 1000);
      const error = makeError('offline', `the browser stayed offline for ${seconds} s while the flow was running`);
      run.fail(error, m.resume !== null);
      return;
    }
    case 'online': {
      run.do({ type: 'offline', on: false });
      if (state !== 'error' || m.snapshot.error?.code !== 'offline') return;
      const resume = m.resume?.on === 'online' ? m.resume : null;
      run.dropFrameResume();
      if (resume && m.framed) run.transition({ type: 'resume', state: resume.state });
      else if (canRetry(m.snapshot)) restart(run, event.config, 'retry');
      return;
    }
  }
}
