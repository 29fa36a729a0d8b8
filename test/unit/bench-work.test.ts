import { describe, expect, it } from 'vitest';
import { hostWork } from '../../bench/work.mjs';

/** A top-level task on a thread: wall-clock start and duration in ms from the trace's zero, thread time in ms. */
const task = (startMs: number, durMs: number, cpuMs: number, tid = 1) => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  pid: 7,
  tid,
  ts: startMs * 1000,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
/** The page reported ready 500 ms after its time origin, which sits at 100 ms in trace time. */
const mark = { name: 'bench:ready', ph: 'R', pid: 7, tid: 1, ts: 600 * 1000 };

describe('bench: the host main thread work split at the frame request', () => {
  it('sums thread time, not wall-clock time, on the page main thread only, split at the request', () => {
    const events = [
      task(50, 10, 10), // before the time origin: the previous page
      task(150, 40, 20), // before the request (at 300 ms in trace time)
      task(280, 40, 30), // spans the request: half its wall-clock time on each side
      task(400, 20, 5), // in the window
      task(410, 30, 30, 2), // another thread
      task(590, 20, 8), // spans ready: only the part before it
      task(700, 10, 10), // after ready
      mark,
    ];
    expect(hostWork(events, { ready: 500, frameRequested: 200 })).toEqual({ before: 35, window: 24, total: 59 });
  });

  it('has no figure without the ready mark or a frame request', () => {
    expect(hostWork([task(150, 40, 20)], { ready: 500, frameRequested: 200 })).toBeNull();
    expect(hostWork([task(150, 40, 20), mark], { ready: 500, frameRequested: undefined })).toBeNull();
  });
});
