// The demo host page's server: serves examples/html/ and the built dist/ on one origin, with the strict
// policy a careful fintech would set (no inline script or style, Trusted Types required, frames only
// from the sandbox) — the widget has to work under it.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoBackend, DEMO_WEBHOOK_PATH, visitorCookie, visitorOf } from '../sandbox/demo-endpoint.mjs';
import { SANDBOX_WEBHOOK_SECRET } from '../sandbox/keys.mjs';
import { startSandbox } from '../sandbox/server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/** URL path prefix → folder in the repository. */
const MOUNTS = [
  ['/dist/', 'dist/'],
  ['/sandbox/', 'sandbox/'],
  ['/', 'examples/html/'],
];

export function hostPolicy(sandboxOrigin) {
  return [
    "default-src 'self'",
    // The sandbox's origin: the SDK-hosted providers' stand-in loaders run in the page, as the vendors' scripts do.
    `script-src 'self' ${sandboxOrigin}`,
    "style-src 'self'",
    `frame-src ${sandboxOrigin}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    // The widget's one policy: the URL of an SDK-hosted provider's script (docs/embedding.md).
    'trusted-types kyc-widget',
  ].join('; ');
}

function resolve(pathname) {
  for (const [prefix, folder] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length) || 'index.html';
    const base = path.join(ROOT, folder);
    const file = path.resolve(base, rest.endsWith('/') ? `${rest}index.html` : rest);
    return file.startsWith(base) ? file : null;
  }
  return null;
}

/** @param {{ host?: string, port?: number, sandboxOrigin: string, sessionLifetimeMs?: number }} options */
export async function startHost({ host = '127.0.0.1', port = 0, sandboxOrigin, sessionLifetimeMs }) {
  // The built server companion, imported only now: `npm start` builds dist/ before it starts the demo.
  const companion = await import('../sandbox/server-companion.mjs');
  // The backend allows the page's own origin, known once the server listens (port 0: any free port).
  let backend = async () => false;
  const server = createServer(async (req, res) => {
    if (await backend(req, res)) return;
    const { pathname } = new URL(req.url ?? '/', 'http://host.invalid');
    const file = pathname.includes('..') ? null : resolve(decodeURIComponent(pathname));
    let body;
    try {
      if (!file) throw new Error('outside');
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html'))
      body = Buffer.from(body.toString('utf8').replaceAll('%SANDBOX_ORIGIN%', sandboxOrigin));
    // The demo's signed-in user: the backend keeps each visitor's latest session (demo-endpoint.mjs).
    const cookie =
      type.startsWith('text/html') && !visitorOf(req.headers.cookie) ? { 'Set-Cookie': visitorCookie() } : {};
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': hostPolicy(sandboxOrigin),
      ...cookie,
    });
    res.end(body);
  });
  await new Promise((done, fail) => server.once('error', fail).listen(port, host, done));
  const origin = `http://${host}:${server.address().port}`;
  backend = demoBackend({ server: companion, sandboxOrigin, allowedOrigins: [origin], lifetimeMs: sessionLifetimeMs });
  return {
    origin,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * The whole demo as `npm start` runs it: the sandbox provider on localhost, whose webhooks go to the host's
 * backend, and the host page with its backend on 127.0.0.1 (two origins). Port 0: any free port.
 * @param {{ hostPort?: number, sandboxPort?: number, sessionLifetimeMs?: number }} options
 */
export async function startDemo({ hostPort = 0, sandboxPort = 0, sessionLifetimeMs } = {}) {
  let hostOrigin;
  const sandbox = await startSandbox({
    host: 'localhost',
    port: sandboxPort,
    webhookUrl: (provider) => `${hostOrigin}${DEMO_WEBHOOK_PATH}${provider}`,
    webhookSecret: SANDBOX_WEBHOOK_SECRET,
  });
  const host = await startHost({ host: '127.0.0.1', port: hostPort, sandboxOrigin: sandbox.origin, sessionLifetimeMs });
  hostOrigin = host.origin;
  return { host, sandbox, close: () => Promise.all([host.close(), sandbox.close()]) };
}
