import { describe, expect, it } from 'vitest';
import { pairedDifference } from '../../bench/phone.mjs';
import { frameSplit, renderedCases } from '../../bench/rendered.mjs';

/** A load as measurePhone keeps it: the round, the page's last byte, its first script, the frame's request. */
const load = (round: number, htmlEnd: number, firstScript: number, frameRequested: number) => ({
  round,
  htmlEnd,
  firstScript,
  frameRequested,
});

describe("bench: where the rendered frame's request time goes (README 2d)", () => {
  it('splits rendered − bare into before the first script and after it, paired by round', () => {
    // The rendered page's markup costs 4 ms more after its first script; before it, each round's commit moves both
    // pages alike (round 3's is late for both), but the rendered one is 30 ms late before its first script in every round.
    const rendered = [load(1, 310, 430, 441), load(2, 312, 410, 421), load(3, 309, 520, 531), load(4, 311, 440, 451)];
    const bare = [load(1, 305, 400, 407), load(2, 306, 380, 387), load(3, 304, 490, 497), load(4, 305, 410, 417)];
    const split = frameSplit(rendered, bare);
    expect(split.rendered).toEqual({ htmlEnd: 310.5, firstScript: 435, afterFirstScript: 11 });
    expect(split.bare).toEqual({ htmlEnd: 305, firstScript: 405, afterFirstScript: 7 });
    expect(split.beforeFirstScript.median).toBe(30);
    expect(split.beforeFirstScript.pairs).toBe(4);
    expect(split.afterFirstScript.median).toBe(4);
    expect(split.afterFirstScript.interval95).toEqual([4, 4]);
  });

  it('pairs by round, not by position, and leaves out rounds one side lacks', () => {
    const a = [load(2, 0, 0, 120), load(1, 0, 0, 100), load(3, 0, 0, 130), load(5, 0, 0, 999)];
    const b = [load(1, 0, 0, 90), load(2, 0, 0, 100), load(3, 0, 0, 125), load(4, 0, 0, 1)];
    const d = pairedDifference(a, b, (s: { frameRequested: number }) => s.frameRequested);
    expect(d.pairs).toBe(3);
    expect(d.median).toBe(10); // 10, 20, 5 → 10
  });

  it('says "not measured" (NaN) with fewer than three pairs, as pairedRatio does', () => {
    const frame = (s: { frameRequested: number }) => s.frameRequested;
    const d = pairedDifference([load(1, 0, 0, 1), load(2, 0, 0, 2)], [load(1, 0, 0, 0), load(2, 0, 0, 0)], frame);
    expect(d.pairs).toBe(2);
    expect(d.median).toBeNaN();
    expect(d.interval95).toEqual([NaN, NaN]);
  });
});

describe('bench: the server-rendered pages (README 2d)', () => {
  const render = () =>
    '<kyc-widget provider="veriff"><template shadowrootmode="open"><iframe src="x"></iframe></template></kyc-widget>';
  const warmUp = () => '<iframe hidden src="http://frame.test/robots.txt"></iframe>';
  /** A route of the bench's host: what it answers (a body whole, or parts streamed). */
  type Route = () => Promise<{ body?: string; stream?: AsyncIterable<string> }>;
  const { routes } = renderedCases({
    shape: '4g',
    providers: ['veriff'],
    frameOrigin: 'http://frame.test',
    hostOrigin: 'http://host.test',
    render,
    warmUp,
  }) as unknown as { routes: Record<string, Route> };
  const SCRIPT = '<script type="module" src="/dist/kyc-widget.js"></script>';

  it("streams the widget's script after its markup, none in the shell: its bytes never hold the markup back", async () => {
    const { stream } = await routes['/rendered/4g/veriff/rendered-streamed.html']();
    const parts: string[] = [];
    for await (const part of stream!) parts.push(part);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain('robots.txt');
    expect(parts[0]).not.toContain('kyc-widget.js');
    expect(parts[1].indexOf(SCRIPT)).toBeGreaterThan(parts[1].indexOf('</kyc-widget>'));
  });

  it('keeps the script in the head of a page sent whole (the reused session)', async () => {
    const html = (await routes['/rendered/4g/veriff/rendered.html']()).body!;
    expect(html.indexOf(SCRIPT)).toBeGreaterThan(-1);
    expect(html.indexOf(SCRIPT)).toBeLessThan(html.indexOf('</head>'));
  });
});
