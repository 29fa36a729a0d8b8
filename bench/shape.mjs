// Network shapes for the bench (bench/README.md, "Network shapes"): a small reverse proxy in front of each
// of the bench's origins that delays and paces what it forwards, so every origin (host page, SDK files,
// provider frame) sees the same network. Shaping is done server-side, per TCP connection, because that is
// where a handshake happens: a connection can carry a request one round trip after it was opened.
//
//   connection opened at o; request arrives at t0 on it
//   headers leave at   max(t0, o + rtt) + rtt/2 + server time + rtt/2
//   body bytes leave   paced at the link's bandwidth, one link shared by every origin of the shape
//
// So a request on a new connection waits for the handshake (t0 = o: one more round trip), a request on a
// warm connection does not, and neither does one on a connection the browser opened ahead of it (a
// `<link rel="preconnect">`, opened at least a round trip before its first request).
//
// The arithmetic is pure and unit-tested (test/unit/bench-shape.test.ts); the proxy only applies it.
import { createServer, request as httpRequest, Agent } from 'node:http';
import { gzipSync } from 'node:zlib';
import { random } from './stats.mjs';

/** The shapes a run can measure (`--shapes loopback,4g`). */
export const SHAPES = {
  loopback: { id: 'loopback', label: 'loopback', rttMs: 0, bandwidthBps: Infinity, gzip: true },
  '4g': { id: '4g', label: 'slow 4G (150 ms RTT, 1.6 Mbit/s)', rttMs: 150, bandwidthBps: 1.6e6, gzip: true },
};

/** Milliseconds to send `bytes` at `bandwidthBps` bits per second (0 on an unlimited link). */
export function transmitMs(bytes, bandwidthBps) {
  if (!Number.isFinite(bandwidthBps)) return 0;
  return (bytes * 8 * 1000) / bandwidthBps;
}

/**
 * When a response's headers leave: once the connection's handshake is done (a round trip after it was opened
 * at `openedAt`; a request that came before waits for it), the request's and the response's half trips and
 * the server's own time.
 */
export function headersAt(t0, { rttMs, openedAt = -Infinity, serverMs = 0 }) {
  return Math.max(t0, openedAt + rttMs) + rttMs / 2 + serverMs + rttMs / 2;
}

/**
 * A shared bottleneck link: chunks are sent one after another at `bandwidthBps`, whichever origin they
 * come from (a phone has one radio link). `reserve(bytes, earliest)` returns when that chunk has been sent.
 */
export function createLink(bandwidthBps) {
  let free = -Infinity;
  return {
    reserve(bytes, earliest) {
      const start = Math.max(earliest, free);
      free = start + transmitMs(bytes, bandwidthBps);
      return free;
    },
    get free() {
      return free;
    },
  };
}

/** Types worth compressing, as a CDN would (text, scripts, JSON, SVG). */
export function compressible(contentType = '') {
  return /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i.test(contentType);
}

/** Whether the client accepts gzip (`Accept-Encoding`, q=0 excluded). */
export function acceptsGzip(header = '') {
  return String(header)
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, ...params]) => /^(gzip|\*)$/i.test(name) && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)));
}

/**
 * Splits a body into chunks of at most `size` bytes (the unit the link paces).
 * @param {Buffer} buffer
 * @returns {Buffer[]}
 */
export function chunks(buffer, size = 16 * 1024) {
  const out = [];
  for (let i = 0; i < buffer.length; i += size) out.push(buffer.subarray(i, i + size));
  return out;
}

const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/**
 * A shaping reverse proxy on `host`:0 in front of `upstream` (an http origin on loopback). `link` is the
 * shape's shared link; `routes` maps a pathname to a local handler `(req, body) → {status, headers, body | stream}`
 * answered by the proxy itself (the host's backend, generated files); `transformHtml(html, url)` rewrites
 * HTML from upstream (the heavy frame); `onConnection(socket)` is told of each new connection. Returns {origin, port, close}.
 */
export async function startShapedProxy({
  upstream,
  shape,
  link,
  host = '127.0.0.1',
  originHost = host,
  routes = {},
  transformHtml,
  onConnection = (/** @type {import('node:net').Socket} */ socket) => void socket,
}) {
  const agent = new Agent({ keepAlive: true });
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const t0 = performance.now();
    const openedAt = req.socket.benchOpenedAt ?? t0;
    const body = [];
    req.on('data', (chunk) => body.push(chunk));
    req.on('end', () => {
      void answer(req, Buffer.concat(body))
        .then((reply) => send(req, res, reply, t0, openedAt))
        .catch((error) => {
          if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
          res.end(`bench proxy: ${error?.message ?? error}`);
        });
    });
  });

  async function answer(req, body) {
    const { pathname } = new URL(req.url ?? '/', 'http://bench.invalid');
    const route = routes[pathname];
    if (route) return route(req, body);
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers }; // Host kept: the upstream builds its URLs on the proxy's origin
      delete headers['accept-encoding']; // the proxy compresses, as the shape says
      const up = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent },
        (response) => {
          const parts = [];
          response.on('data', (chunk) => parts.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(parts) }),
          );
          response.on('error', reject);
        },
      );
      up.on('error', reject);
      up.end(body);
    });
  }

  async function send(req, res, reply, t0, openedAt) {
    if (reply.stream) return sendStream(res, reply, t0, openedAt);
    let data = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body ?? '');
    const headers = {};
    for (const [name, value] of Object.entries(reply.headers ?? {}))
      if (!HOP_BY_HOP.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
    const type = String(headers['content-type'] ?? headers['Content-Type'] ?? '');
    if (transformHtml && type.startsWith('text/html'))
      data = Buffer.from(transformHtml(data.toString('utf8'), req.url));
    if (shape.gzip && compressible(type) && data.length > 0 && acceptsGzip(req.headers['accept-encoding'])) {
      data = gzipSync(data, { level: 6 }); // what a server compressing on the fly sends
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = data.length;
    // The server's own time is already spent (t0 → now): it stands between the two half trips.
    const serverMs = performance.now() - t0;
    await sleepUntil(headersAt(t0, { rttMs: shape.rttMs, openedAt, serverMs }));
    res.writeHead(reply.status, headers);
    for (const chunk of chunks(data)) {
      await sleepUntil(link.reserve(chunk.length, performance.now()));
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  }

  /**
   * A streamed answer (`reply.stream`: an async iterable of strings or Buffers, as a server that flushes its page's
   * shell before its data is ready): the headers once the first part is ready (a round trip after, as headersAt
   * says), each part when it is ready, paced by the link; chunked, and not compressed (a part cannot wait for the
   * next to be compressed with it; the parts are a few KB of HTML).
   */
  async function sendStream(res, reply, t0, openedAt) {
    const headers = {};
    for (const [name, value] of Object.entries(reply.headers ?? {}))
      if (!HOP_BY_HOP.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
    let started = false;
    for await (const part of reply.stream) {
      const data = Buffer.isBuffer(part) ? part : Buffer.from(part);
      const readyAt = performance.now();
      if (!started) {
        await sleepUntil(headersAt(t0, { rttMs: shape.rttMs, openedAt, serverMs: readyAt - t0 }));
        res.writeHead(reply.status, headers);
        started = true;
      } else await sleepUntil(readyAt + shape.rttMs); // as the first part: the server had the request half a trip late
      for (const chunk of chunks(data)) {
        await sleepUntil(link.reserve(chunk.length, performance.now()));
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
    }
    if (!started) res.writeHead(reply.status, headers);
    res.end();
  }

  // When each connection was opened: its handshake ends a round trip later (headersAt).
  server.on('connection', (socket) => {
    socket.benchOpenedAt = performance.now();
    onConnection?.(socket); // bench/preconnect.mjs watches when connections open
  });
  await new Promise((done, fail) => server.once('error', fail).listen(0, host, done));
  const port = server.address().port;
  return {
    port,
    origin: `http://${originHost}:${port}`,
    close: () =>
      new Promise((done) => {
        agent.destroy();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * About `bytes` of script that must be parsed and run (no dead code the engine could skip): functions
 * that each fill and fold an array, all called at the end. A stand-in for a provider frame's own bundle.
 */
export function fillerScript(bytes = 300 * 1024) {
  const next = random(300);
  const word = (n) =>
    Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(next() * 36)]).join('');
  const parts = ['(function(){var s=0;'];
  let size = parts[0].length;
  for (let i = 0; size < bytes - 64; i++) {
    // Random names and strings, so that gzip shrinks it about as much as a real minified bundle (3–4×).
    const name = `${word(1).replace(/[0-9]/, 'q')}${word(5)}${i}`;
    const part = `function ${name}(n){var a=[],t="${word(24)}";for(var j=0;j<n;j++){a.push((j*${Math.floor(next() * 997)})^t.charCodeAt(j%24));}return a.reduce(function(x,y){return (x+y)%1000003;},${Math.floor(next() * 1e6)});}s+=${name}(${Math.floor(next() * 13) + 8});\n`;
    parts.push(part);
    size += part.length;
  }
  parts.push('self.__benchFiller=s;})();\n');
  return parts.join('');
}
