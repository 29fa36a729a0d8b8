import type { Outcome } from '../protocols/types';
import { withSessionId, type Decision } from './events';
import type { KycState } from './machine';
import type { Config, Event, FrameLike, Model } from './model';
import type { Run } from './run';

/**
 * The server-confirmed decision (README "Server-confirmed decision"): when the widget asks the host's decision
 * endpoint, what its answer does, the `decision` input, and `kyc-decision`, once per decision.
 *
 * - From the flow's `complete` on (the person finished here), the widget watches the endpoint until it says (the
 *   runtime's part streams, falls back to polling, reconnects, and gives up after a bounded time); the decision sets
 *   the element's `decision` (the result screen shows it) and is announced, `confirmed: true`.
 * - On the page (a reload), before anything began here (idle, loading, ready), it looks once: a decision already
 *   made ends the flow in `complete` with its outcome, without a `kyc-complete` (nothing was completed here). Once
 *   the person has begun, a decision from before does not interrupt.
 * - The host setting `decision` is announced too, `confirmed: false`; the widget then does not ask.
 * - A new attempt (start(), retry(), new inputs) drops the decision the widget set: it was the earlier session's.
 *
 * Which watch should run is worked out again after every event (`follow`), from the model alone: a watch that is
 * no longer wanted stops (the element left the page, the decision is known, the person began), a wanted one starts.
 */

/** Nothing has begun in this page: a decision made before the page opened may end the flow. */
const FRESH: ReadonlySet<KycState> = new Set(['idle', 'loading', 'ready']);

/** The outcome a decision gives the flow: the screens' "under review" is the machine's `pending`. */
const OUTCOME: Record<Decision, Outcome> = { approved: 'approved', declined: 'declined', review: 'pending' };

/** A pass over the inputs: the decision endpoint now. */
export function absorbDecisions<F extends FrameLike>(run: Run<F>, config: Config<F>): void {
  run.m.decisions = config.decisions;
}

/** The endpoint confirmed a decision, for the watch under way. */
export function confirmed<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'decision' }>): void {
  const m = run.m;
  const watch = m.watch;
  if (watch?.id !== event.watch) return;
  m.watch = null;
  if (watch.once) {
    m.looked = true;
    if (!FRESH.has(run.state)) return; // the person began meanwhile: a decision from before does not interrupt
  } else if (run.state !== 'complete') return;
  m.decision = { value: event.decision, confirmed: true, attempt: m.snapshot.attempt };
  run.do({ type: 'set-decision', decision: event.decision });
  if (watch.once) {
    // Decided before this page: the frame goes (entering complete stops it), and the session request with it.
    if (m.request) run.do({ type: 'abort-session' });
    m.request = null;
    run.transition({ type: 'decided', outcome: OUTCOME[event.decision], sessionId: event.sessionId });
  } else run.do({ type: 'render' });
  announce(run, event.decision, true, event.sessionId);
}

/**
 * The session endpoint answered with a decision instead of a session (kyc-widget/server's createKycBackend: this
 * person's verification is already decided, and a new one would only cost): nothing to verify in this page. The flow
 * ends in `complete` with its outcome, as a decision found by a look does, without a `kyc-complete`.
 */
export function decidedBySession<F extends FrameLike>(run: Run<F>, decision: Decision): void {
  const m = run.m;
  if (!FRESH.has(run.state)) return;
  m.decision = { value: decision, confirmed: true, attempt: m.snapshot.attempt };
  m.looked = true;
  if (m.watch) {
    m.watch = null;
    run.do({ type: 'stop-watch' });
  }
  run.do({ type: 'set-decision', decision });
  run.transition({ type: 'decided', outcome: OUTCOME[decision] });
  announce(run, decision, true);
}

/** The watch ended without a decision: a look found none, or watching ran out of time or was refused. */
export function undecided<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'undecided' }>): void {
  const m = run.m;
  const watch = m.watch;
  if (watch?.id !== event.watch) return;
  m.watch = null;
  if (watch.once) m.looked = true;
  else {
    m.gaveUp = `${m.snapshot.attempt} ${watch.endpoint}`;
    run.do({ type: 'render' }); // the "checking" screen says the result will follow
  }
  run.do({ type: 'debug', note: `decision-endpoint: ${event.note}` });
}

/** The watch under way is late (a try failed, or patience ran out): it goes on; the screen stops saying "checking". */
export function late<F extends FrameLike>(run: Run<F>, event: Extract<Event<F>, { type: 'decision-late' }>): void {
  const m = run.m;
  const watch = m.watch;
  if (watch?.id !== event.watch || watch.once) return;
  const key = `${m.snapshot.attempt} ${watch.endpoint}`;
  if (m.late === key) return;
  m.late = key;
  run.do({ type: 'render' }, { type: 'debug', note: `decision-endpoint: ${event.note}` });
}

/**
 * What the result screen may say while the server has not confirmed: `checking` (a neutral "checking your result",
 * the watch under way), `later` (the result will follow: the endpoint failed, refused, or took longer than the
 * person is asked to wait), or undefined: no decision endpoint, a decision known, or the flow not complete.
 */
export function confirmation<F extends FrameLike>(m: Model<F>): 'checking' | 'later' | undefined {
  const endpoint = m.decisions;
  if (m.snapshot.state !== 'complete' || !endpoint || m.decision) return undefined;
  const key = `${m.snapshot.attempt} ${endpoint.href}`;
  return m.gaveUp === key || m.late === key ? 'later' : 'checking';
}

/**
 * After every event: the host's `decision` (an input change, or a pass over the inputs), a decision of an earlier
 * attempt dropped, and the watch that should run now, started or stopped.
 */
export function follow<F extends FrameLike>(run: Run<F>, event: Event<F>): void {
  const m = run.m;
  if ('config' in event) hostDecision(run, event.config.decision);
  else if (event.type === 'input' && event.name === 'decision') hostDecision(run, event.decision);
  const known = m.decision;
  if (known?.confirmed && known.attempt !== m.snapshot.attempt) {
    m.decision = null;
    run.do({ type: 'set-decision', decision: undefined });
  }
  const state = run.state;
  if (!m.connected) {
    // Back on the page, it looks (or watches) again.
    m.looked = false;
    m.gaveUp = '';
    m.late = '';
  } else if (!FRESH.has(state)) m.looked = true;
  const endpoint = m.decisions;
  // once: a look (true), or watching until it says (false); undefined: nothing to ask.
  let once: boolean | undefined;
  if (m.connected && endpoint && !m.decision) {
    if (state === 'complete') once = m.gaveUp === `${m.snapshot.attempt} ${endpoint.href}` ? undefined : false;
    else if (!m.looked) once = true;
  }
  const watch = m.watch;
  if (watch && (once === undefined || watch.once !== once || watch.endpoint !== endpoint?.href)) {
    m.watch = null;
    run.do({ type: 'stop-watch' });
  }
  if (once === undefined || m.watch || !endpoint) return;
  const id = ++m.watches;
  m.watch = { id, endpoint: endpoint.href, once };
  const sessionId = m.snapshot.sessionId;
  run.do({ type: 'watch-decision', endpoint, watch: id, once, ...(sessionId ? { sessionId } : {}) });
}

/** The host set (or cleared) `decision`: a new one is announced, unconfirmed; the widget's own echo is nothing. */
function hostDecision<F extends FrameLike>(run: Run<F>, value: Decision | undefined): void {
  const m = run.m;
  const known = m.decision;
  if (value === known?.value) return;
  if (!value) {
    // Cleared: a decision the host set is gone; one the endpoint confirmed is still known (asking again would
    // only be told it again).
    if (!known?.confirmed) m.decision = null;
    return;
  }
  m.decision = { value, confirmed: false, attempt: m.snapshot.attempt };
  announce(run, value, false);
}

function announce<F extends FrameLike>(run: Run<F>, decision: Decision, confirmed: boolean, sessionId?: string): void {
  const detail = { decision, confirmed, ...(sessionId ? { sessionId } : {}) };
  run.do({ type: 'emit', ...withSessionId({ name: 'kyc-decision', detail }, run.m.snapshot.sessionId) });
}
