import { adoptFrame, begin, connect, type How } from './frames';
import { canRetry, isLive } from './machine';
import type { Config, FrameLike, Resolution } from './model';
import type { Run } from './run';
import { ask, handOver } from './sessions';

/**
 * Configurations and launching: comparing the inputs with the running configuration (only a real change
 * restarts; a new token alone is handed to a frame that can take it), a configuration pass, `start()` and
 * `retry()`, the modal opening and closing, launching an attempt (at once with a frame, or after asking the
 * session endpoint), and going on from the element's stand-in (`adopted`).
 */

type Change =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string; repeated: boolean }
  | { kind: 'same' }
  | { kind: 'token'; token: string }
  | { kind: 'launch'; fresh: boolean };

/** Compares the configuration with the running one, and remembers it. */
function change<F extends FrameLike>(run: Run<F>, config: Config<F>): Change {
  const m = run.m;
  const resolution = config.resolution;
  if (resolution.kind === 'idle') {
    m.key = 'idle';
    return { kind: 'idle' };
  }
  if (resolution.kind === 'invalid') {
    const key = `invalid ${resolution.message}`;
    const repeated = key === m.key;
    m.key = key;
    return { kind: 'invalid', message: resolution.message, repeated };
  }
  if (config.key === m.key) {
    const token = resolution.kind === 'ok' ? resolution.frame.context.sessionToken : config.token;
    if (token === m.frame?.token) return { kind: 'same' };
    return token ? { kind: 'token', token } : { kind: 'launch', fresh: false };
  }
  m.key = config.key;
  return { kind: 'launch', fresh: true };
}

/** One pass over the inputs (at the end of the task in which they changed). */
export function configure<F extends FrameLike>(run: Run<F>, config: Config<F>): void {
  const changed = change(run, config);
  const handedOver = changed.kind === 'token' && handOver(run, changed.token);
  // A moved iframe reloads: a frame that is about to be replaced goes before its root moves.
  if (changed.kind !== 'same' && !handedOver) run.stopFrame();
  run.do({ type: 'place', mode: config.mode, open: config.open && run.m.connected });
  const resolution = config.resolution;
  if (changed.kind === 'idle') {
    run.transition({ type: 'reset' });
  } else if (changed.kind === 'invalid') {
    if (!changed.repeated || run.state !== 'error') run.failConfig(changed.message);
  } else if (changed.kind !== 'same' && !handedOver && resolution.kind !== 'idle' && resolution.kind !== 'invalid') {
    if (config.mode === 'modal' && !config.open) {
      // A modal flow starts when it is opened; until then only the connection is warmed.
      run.transition({ type: 'reset' });
      if (resolution.kind === 'ok') run.do({ type: 'warm-up', url: resolution.frame.url });
    } else launch(run, config, resolution, changed.kind === 'launch' && changed.fresh ? 'fresh' : 'start');
  }
  run.do({ type: 'dress' }, { type: 'render' });
}

/** `start()`: from the beginning (opening the dialog in modal mode). */
export function start<F extends FrameLike>(run: Run<F>, config: Config<F>): void {
  if (config.mode === 'modal') run.do({ type: 'set-open', open: true });
  restart(run, config, 'start');
}

/** `retry()`, or the screens' "Try again" (`keepFocus`: its button goes, focus waits on the loading screen). */
export function retry<F extends FrameLike>(run: Run<F>, config: Config<F>, keepFocus = false): void {
  if (canRetry(run.m.snapshot)) restart(run, config, 'retry');
  if (keepFocus && run.state === 'loading') run.do({ type: 'focus', to: 'loading' });
}

export function restart<F extends FrameLike>(run: Run<F>, config: Config<F>, how: 'start' | 'retry'): void {
  const resolution = config.resolution;
  if (resolution.kind === 'invalid') run.failConfig(resolution.message);
  else if (resolution.kind !== 'idle') launch(run, config, resolution, how);
  else if (how === 'start') run.failConfig('start() needs a session-url, session-token or session-endpoint');
}

/** Starts an attempt: at once when the frame is known, else after asking the session endpoint. */
function launch<F extends FrameLike>(
  run: Run<F>,
  config: Config<F>,
  resolution: Extract<Resolution<F>, { kind: 'ok' | 'needs-session' }>,
  how: Exclude<How, 'reload'>,
): void {
  const m = run.m;
  // A new attempt: `auto`'s providers may all be tried again (flow/failover.ts).
  m.failed = undefined;
  m.failure = undefined;
  const endpoint = resolution.kind === 'needs-session' ? resolution.endpoint : config.endpoint;
  if (resolution.kind === 'ok' && !(endpoint && m.stale)) return begin(run, resolution.frame, how);
  run.stopFrame();
  run.transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
  if (endpoint && run.state === 'loading') ask(run, endpoint, 'start', m.stale);
}

/** The dialog opened on an idle or cancelled flow: start it. */
export function opened<F extends FrameLike>(run: Run<F>, config: Config<F>): void {
  const m = run.m;
  if (!m.connected || !config.session || (run.state !== 'idle' && run.state !== 'cancelled')) return;
  m.key = '';
  configure(run, config);
}

/** The dialog closed: a running flow is cancelled; the person closing it is a kyc-close. */
export function closed<F extends FrameLike>(run: Run<F>, byPerson: boolean): void {
  if (!run.m.connected) return;
  if (isLive(run.state)) run.transition({ type: 'cancel' });
  if (byPerson) run.transition({ type: 'close' });
  run.do({ type: 'set-open', open: false });
}

/**
 * Goes on from where the element's stand-in stopped. The model is the stand-in's (its snapshot, the key it launched
 * for, so that an unchanged configuration is "same", the endpoint's answer); what is left to do is the runtime's
 * part of it: its frame is taken over as `begin` would have begun it (minus the request and the events the stand-in
 * already sent), or its session request under way is read as the session client's first try.
 */
export function adopt<F extends FrameLike>(run: Run<F>, connected: boolean): void {
  const m = run.m;
  if (connected) connect(run);
  if (!connected || !isLive(run.state)) return;
  run.do({ type: 'dress' }, { type: 'announce', say: { state: run.state } }, { type: 'render' });
  const request = m.request;
  if (m.framed) adoptFrame(run);
  else if (request)
    run.do({
      type: 'fetch-session',
      endpoint: request.endpoint,
      refresh: request.refresh,
      request: request.id,
      first: true,
    });
}
