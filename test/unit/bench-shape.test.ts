import { describe, expect, it } from 'vitest';
import {
  acceptsGzip,
  chunks,
  compressible,
  createLink,
  fillerScript,
  headersAt,
  SHAPES,
  startShapedProxy,
  transmitMs,
} from '../../bench/shape.mjs';
import { gunzipSync } from 'node:zlib';
import { injectFiller, pairedRatio, targetMet } from '../../bench/phone.mjs';
import { ratioInterval } from '../../bench/stats.mjs';

describe('bench: network shaping arithmetic', () => {
  it('sends bytes at the bandwidth: 200 KB at 1.6 Mbit/s takes 1 s, and nothing on an unlimited link', () => {
    expect(transmitMs(200_000, 1.6e6)).toBe(1000);
    expect(transmitMs(1, 1.6e6)).toBeCloseTo(0.005, 10);
    expect(transmitMs(10_000_000, Infinity)).toBe(0);
  });

  it('pays the handshake round trip only on a new connection, and the two half trips around the server time', () => {
    expect(headersAt(1000, { rttMs: 150, openedAt: 1000 })).toBe(1300); // opened for this request
    expect(headersAt(1000, { rttMs: 150, openedAt: 200 })).toBe(1150); // a warm connection
    expect(headersAt(1000, { rttMs: 150 })).toBe(1150);
    expect(headersAt(1000, { rttMs: 150, openedAt: 200, serverMs: 200 })).toBe(1350);
    expect(headersAt(1000, { rttMs: 0, openedAt: 1000, serverMs: 5 })).toBe(1005);
  });

  it('counts a connection opened ahead of its first request (a preconnect) as warm once its handshake is done', () => {
    expect(headersAt(1000, { rttMs: 150, openedAt: 850 })).toBe(1150); // opened a round trip before: warm
    expect(headersAt(1000, { rttMs: 150, openedAt: 900 })).toBe(1200); // the handshake's last 50 ms remain
  });

  it('shares one link between origins: a chunk waits for the one before it', () => {
    const link = createLink(1.6e6);
    expect(link.reserve(20_000, 0)).toBe(100); // 20 KB = 100 ms
    expect(link.reserve(20_000, 50)).toBe(200); // queued behind the first
    expect(link.reserve(20_000, 500)).toBe(600); // the link was idle: starts when asked
  });

  it('the slow-4G shape is the one the README states', () => {
    expect(SHAPES['4g']).toMatchObject({ rttMs: 150, bandwidthBps: 1.6e6, gzip: true });
    expect(SHAPES.loopback).toMatchObject({ rttMs: 0, bandwidthBps: Infinity });
  });

  it('compresses text, scripts and JSON, not images or binaries', () => {
    expect(compressible('text/html; charset=utf-8')).toBe(true);
    expect(compressible('text/javascript')).toBe(true);
    expect(compressible('application/json')).toBe(true);
    expect(compressible('image/svg+xml')).toBe(true);
    expect(compressible('image/png')).toBe(false);
    expect(compressible('application/octet-stream')).toBe(false);
    expect(compressible(undefined)).toBe(false);
  });

  it('reads Accept-Encoding, q=0 excluded', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('splits a body into paced chunks without losing a byte', () => {
    const body = Buffer.alloc(40_000, 7);
    const parts = chunks(body, 16_384);
    expect(parts.map((p) => p.length)).toEqual([16_384, 16_384, 7_232]);
    expect(chunks(Buffer.alloc(0))).toEqual([]);
  });
});

describe('bench: the heavy frame', () => {
  it('fills about 300 KB of script that runs', () => {
    const code = fillerScript();
    expect(code.length).toBeGreaterThan(290 * 1024);
    expect(code.length).toBeLessThan(310 * 1024);
    const scope: { __benchFiller?: number } = {};
    const run = new Function('self', code) as (self: object) => void;
    run(scope);
    expect(Number.isFinite(scope.__benchFiller)).toBe(true);
  });

  it('puts the filler before the page first script, or before </head>', () => {
    expect(injectFiller('<head><script type="module" src="/a.js"></script></head>')).toBe(
      '<head><script src="/__bench/filler.js"></script><script type="module" src="/a.js"></script></head>',
    );
    expect(injectFiller('<head><title>x</title></head>')).toBe(
      '<head><title>x</title><script src="/__bench/filler.js"></script></head>',
    );
  });
});

describe('bench: paired ratios and when a target is met', () => {
  const samples = (values: number[]) => values.map((ready, i) => ({ round: i + 1, marks: { ready } }));

  it('pairs by round, skipping rounds where one side failed', () => {
    const a = samples([110, 120, 130, 140]);
    const b = samples([100, 100, 100]).concat([{ round: 9, marks: { ready: 100 } }]);
    const r = pairedRatio(a, b);
    expect(r.pairs).toBe(3);
    expect(r.ratio).toBe(1.2);
    expect(r.interval95[0]).toBeLessThanOrEqual(r.ratio);
    expect(r.interval95[1]).toBeGreaterThanOrEqual(r.ratio);
  });

  it('gives no ratio under 3 pairs', () => {
    expect(pairedRatio(samples([1, 2]), samples([1, 2])).ratio).toBeNaN();
  });

  it('counts a target as met only when the upper bound meets it', () => {
    expect(targetMet([0.9, 1.05], 1.1)).toBe(true);
    expect(targetMet([0.9, 1.1], 1.1)).toBe(true);
    expect(targetMet([0.9, 1.1], 1, true)).toBe(false); // straddles 1: not met, though the median may be below
    expect(targetMet([0.8, 0.99], 1, true)).toBe(true);
    expect(targetMet([NaN, NaN], 1.1)).toBeNull();
  });

  it('the bootstrap interval is reproducible and contains the ratio of medians', () => {
    const a = [10, 12, 11, 13, 12, 11, 14];
    const b = [10, 10, 11, 10, 12, 10, 11];
    const first = ratioInterval(a, b);
    expect(ratioInterval(a, b)).toEqual(first);
    expect(first[0]).toBeLessThanOrEqual(12 / 10.5);
    expect(first[1]).toBeGreaterThanOrEqual(12 / 10.5);
  });
});

describe('bench: the shaping proxy over real HTTP on loopback', () => {
  const upstreamBody = 'hello '.repeat(2000);
  async function withProxy(
    shape: { rttMs: number; bandwidthBps: number; gzip: boolean },
    run: (origin: string) => Promise<void>,
  ) {
    const { createServer } = await import('node:http');
    const upstream = createServer((req, res) => {
      const type = req.url?.endsWith('.png') ? 'image/png' : req.url?.endsWith('.html') ? 'text/html' : 'text/plain';
      res
        .writeHead(200, { 'Content-Type': type })
        .end(req.url?.endsWith('.html') ? '<head><script></script>' : upstreamBody);
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const address = upstream.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const proxy = await startShapedProxy({
      upstream: `http://127.0.0.1:${port}`,
      shape,
      link: createLink(shape.bandwidthBps),
      routes: {
        '/api': () =>
          Promise.resolve({ status: 201, headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
      },
      transformHtml: injectFiller,
    });
    try {
      await run(proxy.origin);
    } finally {
      await proxy.close();
      await new Promise<void>((done) => upstream.close(() => done()));
    }
  }
  const get = async (url: string, encoding = 'gzip') => {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('gzips text for a client that accepts it, passes images and non-gzip clients through, answers routes, transforms HTML', async () => {
    await withProxy({ rttMs: 0, bandwidthBps: Infinity, gzip: true }, async (origin) => {
      const text = await get(`${origin}/a.txt`);
      expect(text.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(text.body).toString()).toBe(upstreamBody);
      const plain = await get(`${origin}/a.txt`, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(upstreamBody);
      const image = await get(`${origin}/a.png`);
      expect(image.headers['content-encoding']).toBeUndefined();
      const api = await get(`${origin}/api`, 'identity');
      expect([api.status, api.body.toString()]).toEqual([201, '{"a":1}']);
      const html = await get(`${origin}/p.html`, 'identity');
      expect(html.body.toString()).toBe('<head><script src="/__bench/filler.js"></script><script></script>');
    });
  });

  it('holds a new connection first answer for at least the handshake and a round trip', async () => {
    await withProxy({ rttMs: 400, bandwidthBps: Infinity, gzip: false }, async (origin) => {
      await import('node:http'); // loaded before the clock starts
      const start = performance.now();
      await get(`${origin}/a.txt`); // a new agent-less request: a new connection
      expect(performance.now() - start).toBeGreaterThanOrEqual(790); // lower bound only: timers never fire early by more than a rounding
    });
  });
});
