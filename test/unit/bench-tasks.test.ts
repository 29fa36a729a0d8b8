import { describe, expect, it } from 'vitest';
import { tasksInWindow } from '../../bench/tasks.mjs';

/** Trace events of one renderer main thread (pid 7, tid 1); times in ms from the trace's zero. */
const x = (name: string, startMs: number, durMs: number, args: unknown = {}, tid = 1) => ({
  name,
  ph: 'X',
  pid: 7,
  tid,
  ts: startMs * 1000,
  dur: durMs * 1000,
  tdur: (durMs * 1000) / 2,
  args,
});
/** The page's "ready" mark at 600 ms of trace time, 500 ms after its time origin (so the origin is at 100). */
const ready = { name: 'ready', cat: 'blink.user_timing', ph: 'R', pid: 7, tid: 1, ts: 600 * 1000 };

describe('bench/tasks: the tasks between the frame request and ready, and what ran in them', () => {
  const events = [
    ready,
    x('ThreadControllerImpl::RunTask', 150, 80), // 50–130 ms after the origin: straddles the request (100)
    x('v8.evaluateModule', 151, 10),
    x('RunMicrotasks', 161, 60),
    x('FunctionCall', 162, 50, {
      data: { functionName: 'configure', url: 'http://h/dist/kyc-widget.js', lineNumber: 2 },
    }),
    x('UpdateLayoutTree', 222, 6),
    x('ThreadControllerImpl::RunTask', 300, 40), // 200–240: a layout task
    x('Layout', 301, 30),
    x('ThreadControllerImpl::RunTask', 400, 5), // too short to list
    x('ThreadControllerImpl::RunTask', 700, 90), // after ready
    x('ThreadControllerImpl::RunTask', 310, 200, {}, 2), // another thread
  ];

  it('clips each task to the window, keeps the outermost inner event of each span, and skips short tasks', () => {
    const tasks = tasksInWindow(events, { ready: 500, from: 100, min: 20 });
    expect(tasks).toEqual([
      {
        hot: [],
        start: 50,
        wallMs: 80,
        inWindowMs: 30,
        cpuMs: 40,
        inner: [
          { at: 51, name: 'v8.evaluateModule', what: '', ms: 10 },
          { at: 61, name: 'RunMicrotasks', what: '', ms: 60 },
          { at: 122, name: 'UpdateLayoutTree', what: '', ms: 6 },
        ],
      },
      {
        hot: [],
        start: 200,
        wallMs: 40,
        inWindowMs: 40,
        cpuMs: 20,
        inner: [{ at: 201, name: 'Layout', what: '', ms: 30 }],
      },
    ]);
  });

  it('is null without the ready mark or the window', () => {
    expect(tasksInWindow(events.slice(1), { ready: 500, from: 100 })).toBeNull();
    expect(tasksInWindow(events, { ready: 500, from: undefined })).toBeNull();
  });
});
