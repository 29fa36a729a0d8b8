import { adopt, closed, configure, opened, retry, start } from './configuration';
import { offlineRule } from './connectivity';
import { absorbDecisions, confirmed, follow, late, undecided } from './decisions';
import { attached, connect, disconnect, isRunning, slow, timedOut } from './frames';
import { isLive } from './machine';
import type { Event, FrameLike, Model, Stepped } from './model';
import { Run } from './run';
import { absorb, answered, failedToAnswer, switchProvider } from './sessions';
import { applySignals } from './signals';

/**
 * The widget's runtime as one pure function: `step(model, event) → { model, effects }`. Every decision the
 * element makes is behind it; this file only routes each event to its concern: frames.ts (attempts, frames,
 * the element leaving and coming back), sessions.ts (the endpoint, tokens), connectivity.ts (the offline rule),
 * configuration.ts (configuration passes, start, retry, the dialog, the stand-in's hand-over), signals.ts (what
 * the frame said), decisions.ts (the server-confirmed decision: after every event, which watch should run). The vocabulary is model.ts; run.ts is the step's working copy and the machine's helpers.
 * runtime/controller.ts carries the effects out, in order, and reports what happens back as events, one at a time.
 */
export function step<F extends FrameLike>(model: Model<F>, event: Event<F>): Stepped<F> {
  const run = new Run(model);
  const m = run.m;
  // provider="auto": a failure before the person started may be another provider's turn instead (flow/failover.ts).
  run.failover = (error) => switchProvider(run, error);
  if ('config' in event) {
    absorb(run, event);
    absorbDecisions(run, event.config);
  }
  switch (event.type) {
    case 'connect':
      connect(run);
      break;
    case 'disconnect':
      disconnect(run);
      break;
    case 'input':
      if (event.name === 'open') run.do({ type: 'show-dialog', open: event.open && m.connected });
      if (event.name === 'locale') run.do({ type: 'language', reset: true });
      if (event.name === 'locale' || event.name === 'theme') run.do({ type: 'frame-settings' });
      run.do(event.configures ? { type: 'queue-configure' } : { type: 'render' });
      break;
    case 'configure':
      if (m.connected) configure(run, event.config);
      break;
    case 'start':
      start(run, event.config);
      break;
    case 'retry':
      retry(run, event.config, event.keepFocus);
      break;
    case 'cancel':
      run.transition({ type: 'cancel' });
      break;
    case 'done':
      if (event.config.modalOpen) run.do({ type: 'close-dialog' });
      else run.transition({ type: 'close' });
      break;
    case 'opened':
      opened(run, event.config);
      break;
    case 'closed':
      closed(run, event.byPerson);
      break;
    case 'signals':
      if (isRunning(run, event.frame)) applySignals(run, event.signals, event.from);
      break;
    case 'attached':
      attached(run, event);
      break;
    case 'timeout':
      timedOut(run, event);
      break;
    case 'slow':
      slow(run, event.frame);
      break;
    case 'session':
      answered(run, event);
      break;
    case 'session-error':
      failedToAnswer(run, event);
      break;
    case 'decision':
      confirmed(run, event);
      break;
    case 'undecided':
      undecided(run, event);
      break;
    case 'decision-late':
      late(run, event);
      break;
    case 'offline':
    case 'still-offline':
    case 'online':
      offlineRule(run, event);
      break;
    case 'camera':
      run.transition({ type: 'warn', warning: { code: 'camera-unavailable', message: event.message } });
      break;
    case 'announce':
      run.do({ type: 'announce', say: { text: event.text } });
      break;
    case 'language':
      // The new language's words: the running state is said again in them, the frame's title and screens follow.
      if (m.connected && isLive(run.state)) run.do({ type: 'announce', say: { state: run.state } });
      run.do({ type: 'language', reset: false });
      if (m.connected) run.do({ type: 'render' });
      break;
    case 'adopted':
      if (!m.endpoint && event.endpoint) {
        m.endpoint = event.endpoint;
        m.binding = event.binding ?? '';
      }
      adopt(run, event.connected);
      break;
  }
  follow(run, event);
  return run.result;
}
