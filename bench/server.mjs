// The bench's own static server: bench/pages/ at "/", the built dist/ at "/dist/". Every answer is
// `Cache-Control: no-store`; HTML pages get the demo host's strict CSP (scripts/serve.mjs) with
// `frame-src` widened to the bench's frame origins, and their %NAME% placeholders filled from `vars`.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostPolicy } from '../scripts/serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};
const PAGES = path.join(ROOT, 'bench', 'pages');

/**
 * Extra headers by page. The latency pages are cross-origin isolated so that performance.now() has
 * 5 µs resolution instead of 100 µs: the host page opts in with COOP + COEP, and the frame, to be
 * embeddable there, sends COEP and a cross-origin CORP.
 */
const PAGE_HEADERS = {
  '/latency.html': { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  '/frame.html': { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'cross-origin' },
};

/**
 * The policy for a generated page: the host policy, with each inline classic script of the page allowed by
 * its hash (`'sha256-…'` in script-src), as a strict site allows the one inline script it needs (the bench
 * sets the widget's session token from one, right after the element). Nothing else inline runs.
 */
export function policyWithInlineScripts(policy, html) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`,
  );
  return hashes.length ? policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : policy;
}

function resolve(pathname, mounts) {
  for (const [prefix, base] of mounts) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length) || 'index.html';
    const file = path.resolve(base, rest);
    return file.startsWith(base + path.sep) ? file : null;
  }
  return null;
}

/**
 * `vars`: {NAME: value} for %NAME% in HTML; `frameOrigins`: origins the pages may frame; `dist`: the build
 * to serve; `mounts`: more [prefix, folder] pairs; `pages`: a Map of generated pages, pathname →
 * {html, csp} (csp false: no policy, for the providers' SDKs, which inject inline styles; otherwise the
 * host policy, with the page's inline scripts allowed by hash), read at
 * request time so a section may add pages while the server runs.
 */
export async function startBenchServer({
  host = '127.0.0.1',
  port = 0,
  vars = {},
  frameOrigins = [],
  dist = path.join(ROOT, 'dist'),
  mounts: extra = [],
  pages = new Map(),
} = {}) {
  const mounts = [
    ['/dist/', path.resolve(dist)],
    ...extra.map(([prefix, folder]) => [prefix, path.resolve(folder)]),
    ['/', PAGES],
  ];
  const csp = hostPolicy(frameOrigins.join(' ') || "'none'");
  const server = createServer(async (req, res) => {
    let file = null;
    let decoded = '';
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://bench.invalid');
      decoded = decodeURIComponent(pathname);
      if (!decoded.includes('..') && !decoded.includes('\0')) file = resolve(decoded, mounts);
    } catch {
      file = null;
    }
    const generated = pages.get(decoded);
    if (generated) {
      const body = Buffer.from(generated.html);
      const headers = { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store', 'Content-Length': body.length };
      if (generated.csp !== false) headers['Content-Security-Policy'] = policyWithInlineScripts(csp, generated.html);
      res.writeHead(200, headers).end(body);
      return;
    }
    let body;
    try {
      if (!file) throw new Error('outside');
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('Not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-store', ...PAGE_HEADERS[decoded] };
    if (type.startsWith('text/html')) {
      body = Buffer.from(body.toString('utf8').replace(/%([A-Z_]+)%/g, (all, name) => vars[name] ?? all));
      headers['Content-Security-Policy'] = csp;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers).end(body);
  });
  await new Promise((done, fail) => server.once('error', fail).listen(port, host, done));
  const actualPort = server.address().port;
  return {
    pages,
    port: actualPort,
    origin: `http://${host}:${actualPort}`,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
