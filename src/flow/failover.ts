import { makeError, type KycErrorInfo } from './errors';
import type { Answer, FrameLike } from './model';
import type { Run } from './run';

/**
 * `provider="auto"`: the session endpoint names the provider, and when that provider fails before the person has
 * started (its frame or script never loads or never says ready in time, it refuses the session, a provider error it
 * cannot recover from, or the endpoint's 502/503 naming it), the widget leaves it and asks the endpoint again with
 * `refresh` and every provider that failed in this attempt (`failed`); the person stays on the loading screen. Each
 * provider is left once: an answer naming one that failed already ends the attempt with the last failure. After
 * `kyc-start` the person's progress is with that provider: no switch. flow/sessions.ts asks and reads the answers.
 */

/** Whether this failure of a frame or a vendor's script leaves its provider (a 502/503 naming it is the endpoint's). */
function leavesProvider(error: KycErrorInfo): boolean {
  return (
    error.code === 'frame-load-timeout' ||
    error.code === 'session-expired' ||
    (error.code === 'provider-error' && !error.recoverable)
  );
}

/**
 * Leaves the running provider (or `named`, which the endpoint said failed) if `auto` may: records it in `failed`,
 * stops its frame or script, and keeps the flow loading. True when the caller is to ask the endpoint again.
 */
export function leave<F extends FrameLike>(run: Run<F>, error: KycErrorInfo, named?: string): boolean {
  const m = run.m;
  const provider = named ?? m.answer?.provider;
  const before = run.state === 'loading' || run.state === 'ready';
  if (!m.auto || !m.endpoint || !provider || !before || (!named && !leavesProvider(error))) return false;
  if (m.failed?.some((failed) => failed.provider === provider)) return false;
  m.failed = [...(m.failed ?? []), { provider, code: error.code }];
  m.failure = error;
  run.stopFrame();
  // Ready, not started: back to loading for the next provider (a new session: its id goes).
  if (run.state === 'ready') run.transition({ type: 'start', fresh: true });
  return true;
}

/**
 * An answer after a provider was left: one naming a provider that failed already ends the attempt with the last
 * failure (`repeat`); any other is the switch, said once the new frame is requested (`switched`).
 */
export function afterFailure<F extends FrameLike>(run: Run<F>, answer: Answer): 'repeat' | 'switched' | 'none' {
  const failed = run.m.failed;
  if (!run.m.auto || !failed?.length || answer.decision) return 'none';
  return failed.some((entry) => entry.provider === answer.provider) ? 'repeat' : 'switched';
}

/** The `kyc-warning` of a switch, after the new provider's frame was requested (`previous`: the provider left). */
export function saySwitched<F extends FrameLike>(run: Run<F>, provider: string): void {
  const failed = run.m.failed!;
  const previous = failed[failed.length - 1]!;
  const message = `${previous.provider} failed before the person started (${previous.code}); going on with ${provider}`;
  run.transition({ type: 'warn', warning: { code: 'provider-switched', message, previous: previous.provider } });
}

/**
 * The attempt ends with the last provider's failure: no provider is left (the endpoint said so, failed to answer,
 * or named one that failed already). Recoverable: `retry()` asks the endpoint afresh, with no provider failed yet.
 */
export function noProviderLeft<F extends FrameLike>(run: Run<F>, why: string): void {
  const last = run.m.failure!;
  // Its session was a failed provider's: `retry()` asks the endpoint, never frames it again.
  run.m.answer = null;
  const message = `${last.message}; no other provider: ${why}`;
  run.fail(makeError(last.code, message, { recoverable: true, providerCode: last.providerCode }));
}
