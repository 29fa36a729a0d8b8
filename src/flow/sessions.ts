import { makeError, type KycErrorInfo } from './errors';
import { decidedBySession } from './decisions';
import { afterFailure, leave, noProviderLeft, saySwitched } from './failover';
import { begin } from './frames';
import { isLive } from './machine';
import type { Config, Event, FrameLike, Request } from './model';
import type { Run } from './run';

/**
 * Sessions and tokens: the session endpoint's binding and its latest answer, asking it (for a start, or to
 * renew a token the provider said expired), its answers and failures, an answer that has already expired,
 * handing a new token to the running frame, and resuming where an expired token stopped the flow.
 */

/**
 * What an event that carries the inputs says about the session: a `session` event's answer is the endpoint's
 * latest; the endpoint now. Another endpoint (or provider) is another binding: the answer and the staleness
 * were the old one's, and its request in flight stops.
 */
export function absorb<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { config: unknown }>): void {
  const m = run.m;
  if (event.type === 'session') m.answer = event.answer;
  const config = event.config;
  m.endpoint = config.endpoint;
  m.auto = config.auto;
  if (config.binding === m.binding) return;
  m.binding = config.binding;
  m.answer = null;
  m.stale = false;
  if (m.request) run.do({ type: 'abort-session' });
}

/** `first`: the stand-in's request, already sent, is this one's first try. */
export function ask<F extends FrameLike>(
  run: Run<F>,
  endpoint: URL,
  purpose: Request['purpose'],
  refresh: boolean,
  again = false,
  first = false,
): void {
  const m = run.m;
  const id = ++m.requests;
  m.request = {
    id,
    endpoint,
    purpose,
    refresh,
    again,
    attempt: m.snapshot.attempt,
    frame: m.frame?.id,
    takesTokens: run.takesTokens,
  };
  // `auto` names the providers that failed in this attempt (flow/failover.ts).
  const failed = refresh && m.failed?.length ? { failed: m.failed } : {};
  run.do({ type: 'fetch-session', endpoint, refresh, request: id, ...(first ? { first } : {}), ...failed });
}

/** `auto` leaves a provider that failed before the person started (flow/failover.ts) and asks for the next one. */
export function switchProvider<F extends FrameLike>(run: Run<F>, error: KycErrorInfo, named?: string): boolean {
  if (!leave(run, error, named)) return false;
  ask(run, run.m.endpoint!, 'start', true);
  return true;
}

/** The request this answer is for, if the flow is still on the attempt that asked (and running, for a renewal). */
function current<F extends FrameLike>(run: Run<F>, id: number): Request | null {
  const { request, snapshot, connected } = run.m;
  if (!request || request.id !== id || !connected || request.attempt !== snapshot.attempt) return null;
  if (request.purpose === 'renew' && !isLive(snapshot.state)) return null;
  return request;
}

export function answered<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'session' }>): void {
  const m = run.m;
  const request = current(run, event.request);
  if (!request) return;
  m.request = null;
  const { answer, config } = event;
  if (request.purpose === 'start') {
    // An answer that has already expired is asked for again, once, with refresh before the frame loads.
    const expired = answer.expiresAt !== undefined && Date.parse(answer.expiresAt) <= event.now;
    if (expired && !request.again) return ask(run, request.endpoint, 'start', true, true);
    m.stale = false;
    if (answer.decision && !answer.sessionUrl && !answer.sessionToken) return decidedBySession(run, answer.decision);
    const after = afterFailure(run, answer);
    if (after === 'repeat') return noProviderLeft(run, `the session endpoint named ${answer.provider} again`);
    beginAgain(run, config, 'start');
    if (after === 'switched' && run.m.framed) saySwitched(run, answer.provider!);
    return;
  }
  m.stale = false;
  // Mid-flow: a frame that can take the new token gets it; else it reloads with the new session.
  if (answer.sessionToken && request.takesTokens && request.frame === m.frame?.id && m.framed) {
    run.do({ type: 'hand-over-token', token: answer.sessionToken });
    m.frame = { ...m.frame!, token: answer.sessionToken };
    run.dropFrameResume();
  } else beginAgain(run, config, 'reload');
}

export function failedToAnswer<F extends FrameLike>(
  run: Run<F>,
  event: Extract<Event<F>, { type: 'session-error' }>,
): void {
  const m = run.m;
  const request = current(run, event.request);
  if (!request) return;
  m.request = null;
  const reason = event.message;
  if (request.purpose === 'start') {
    const error = makeError('session-fetch-failed', reason);
    if (event.provider && switchProvider(run, error, event.provider)) return;
    if (m.auto && m.failed?.length) return noProviderLeft(run, reason);
    return run.fail(error);
  }
  const message = `the session expired and the endpoint could not renew it: ${reason}`;
  run.do({ type: 'hand-over-token', token: null, error: message });
  run.dropFrameResume();
  m.stale = true;
  run.fail(makeError('session-expired', message, { recoverable: true }));
}

/** Begins with what the inputs and the session endpoint's latest answer resolve to now. */
function beginAgain<F extends FrameLike>(run: Run<F>, config: Config<F>, how: 'start' | 'reload'): void {
  const next = config.resolution;
  if (next.kind === 'ok') begin(run, next.frame, how);
  else if (next.kind === 'invalid') run.failConfig(`the session endpoint's answer: ${next.message}`);
}

/**
 * The provider said the session or token expired. With a session endpoint, renew it (the state stays).
 * Without one, report it; a frame that can take a token stays behind the error screen, and the host's
 * next `sessionToken` resumes the flow where it was.
 */
export function expired<F extends FrameLike>(run: Run<F>, error: KycErrorInfo): void {
  const m = run.m;
  if (switchProvider(run, error)) return;
  if (m.endpoint) return ask(run, m.endpoint, 'renew', true);
  const state = run.state;
  const keep = run.takesTokens;
  run.fail(error, keep);
  if (keep) m.resume = { on: 'token', state: state === 'loading' ? 'ready' : state };
}

/** A new token from the host for a frame that can take it: the flow goes on, or resumes where it stopped. */
export function handOver<F extends FrameLike>(run: Run<F>, token: string): boolean {
  const m = run.m;
  const resumeTo = m.resume?.on === 'token' ? m.resume.state : null;
  if (!run.takesTokens || (!resumeTo && !isLive(run.state))) return false;
  run.do({ type: 'hand-over-token', token });
  m.frame = { ...m.frame!, token };
  run.dropFrameResume();
  if (resumeTo) run.transition({ type: 'resume', state: resumeTo });
  return true;
}
