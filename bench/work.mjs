// The host page's main-thread work on the way to ready, as CPU time rather than wall-clock time: the sum of the
// thread time of the host renderer's top-level tasks, from a Chromium trace, split at the frame request.
//   before  from navigation to the frame request (parsing, the page's scripts: what makes the frame late)
//   window  from the frame request to ready (what the frame's ready message may wait behind)
// Wall-clock ready times at 4x move by ±20% from run to run on a 2-core machine; the thread time of the same
// page moves by a millisecond or two, so a change of a few milliseconds in the widget's work shows here when it
// cannot show in the ready ratios. Measured unthrottled: the throttle pauses the thread, which inflates and
// scatters its thread time without changing the work (at 4x a phone pays about four times these figures).
import { measureModes, medianOf } from './modes.mjs';
import { quantile, round } from './stats.mjs';

/** Only the tasks of the host page's main thread, and the marks that place the window. */
const TASK = 'ThreadControllerImpl::RunTask';

/**
 * Splits one load's trace. `sample.frameRequested` and `sample.ready` are milliseconds from the page's time
 * origin; the page's "bench:ready" user timing mark gives the same instant in trace time, which places the
 * request too. A task that spans the request is split in proportion to its wall-clock time on each side.
 */
export function hostWork(traceEvents, sample) {
  const mark = traceEvents.find((e) => e.name === 'bench:ready' && e.ph !== 'e');
  if (!mark || !Number.isFinite(sample.ready) || !Number.isFinite(sample.frameRequested)) return null;
  const origin = mark.ts - sample.ready * 1000;
  const requested = origin + sample.frameRequested * 1000;
  const ready = mark.ts;
  let before = 0;
  let window = 0;
  for (const task of traceEvents) {
    if (task.name !== TASK || task.ph !== 'X' || task.pid !== mark.pid || task.tid !== mark.tid) continue;
    const start = Math.max(task.ts, origin);
    const end = Math.min(task.ts + task.dur, ready);
    if (end <= start || !task.dur) continue;
    const cpu = ((task.tdur ?? task.dur) / 1000) * ((end - start) / task.dur);
    const split = Math.min(Math.max((requested - start) / (end - start), 0), 1);
    before += cpu * split;
    window += cpu * (1 - split);
  }
  return { before: round(before, 2), window: round(window, 2), total: round(before + window, 2) };
}

/** Each case once per round, unthrottled and traced, in the modes section's rotating rounds (round 0 dropped). */
export function measureWork(browser, hostOrigin, cases, { runs, gapMs = 150, log = () => {} }) {
  const keep = (sample) => {
    const work = hostWork(JSON.parse(sample.trace.toString('utf8')).traceEvents ?? [], sample);
    if (!work) throw new Error('the trace has no bench:ready mark, or the page no frame request');
    return { ready: sample.ready, frameRequested: sample.frameRequested, ...work };
  };
  return measureModes(browser, hostOrigin, cases, { runs, rate: 1, gapMs, log, trace: true, keep });
}

/** Medians per case, and per provider mode the widget beside its bare iframe and its provider's SDK. */
export function summarizeWork(cases, { samples, errors }) {
  const byCase = Object.fromEntries(
    cases.map((c) => {
      const list = samples[c.id] ?? [];
      const figures = {
        n: list.length,
        before: medianOf(list, (s) => s.before),
        window: medianOf(list, (s) => s.window),
        total: medianOf(list, (s) => s.total),
      };
      // The spread of the total, so that a reader can tell a change from the noise.
      const totals = list.map((s) => s.total);
      if (totals.length >= 3) figures.totalRange = [round(quantile(totals, 0.25), 1), round(quantile(totals, 0.75), 1)];
      return [c.id, { ...figures, errors: errors[c.id] ?? [] }];
    }),
  );
  const providers = [...new Set(cases.filter((c) => c.kind === 'widget').map((c) => c.provider))];
  const rows = providers.map((provider) => {
    const widget = byCase[`widget:${provider}`];
    const bare = byCase[`bare:${provider}`];
    const sdk = byCase[`sdk:${provider}`] ?? null;
    return {
      provider,
      widget,
      bare,
      sdk,
      widgetMinusBare: widget && bare ? round(widget.total - bare.total, 1) : NaN,
      widgetMinusSdk: widget && sdk ? round(widget.total - sdk.total, 1) : NaN,
    };
  });
  return { rows, floor: byCase['markup:floor'] ?? null, byCase };
}
