/**
 * Sandbox verification provider for <kyc-widget>: a tiny Node server (no dependencies) whose pages
 * run inside the widget's cross-origin iframe. Used by `npm start` and by the browser tests.
 *
 * Routing rule — "special routes first, then static files under public/":
 *
 *   0. The providers' session APIs and POST /sandbox/finish (session-apis.mjs): the only non-GET routes.
 *   1. `routes` (exported below) maps a path to a handler `(req, res, url) => void | Promise<void>`.
 *      A key is an exact path ('/silent') or a prefix written '/name/*', which matches every path
 *      starting with '/name/' ('/generic/session/abc'). Exact keys win, then the longest prefix.
 *      Register '/name' and '/name/*' both when a page must answer on its bare path too.
 *      `page(file, headers)` builds a handler that serves one HTML file from public/.
 *   2. Anything else is a static file under public/ ('/assets/generic.js', '/' → index.html).
 *
 * Adding a provider page later: either drop it in public/ at the path the provider uses
 * (public/sumsub/websdk/websdk.html is served as /sumsub/websdk/websdk.html with no code change),
 * or add a route, e.g. `'/persona/widget': page('persona.html')`,
 * `'/didit/session/*': page('didit.html')`.
 *
 * Every response has `Cache-Control: no-store`. Pages have no X-Frame-Options (framable from any
 * origin) and a strict CSP (scripts and styles from this origin only, Trusted Types enforced), so
 * page scripts and styles must live in files under public/assets/ — never inline.
 * Paths with `..` segments (also encoded, `%2e%2e`, `..%2f`, backslashes, NUL) are refused with 400.
 *
 * Run:    npx kyc-widget sandbox [--host localhost] [--port 5174] (cli.mjs)
 * Import: const { origin, port, close } = await startSandbox({ host, port: 0 });
 */
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSessionApis } from './session-apis.mjs';

export const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public');

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Policy for every HTML page (the sandbox itself must pass a strict-CSP test). No frame-ancestors: framable anywhere. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const BASE_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** A handler that serves one file from public/ (with optional extra or overriding headers). */
export function page(file, headers = {}) {
  return (req, res) => sendFile(req, res, path.join(PUBLIC_DIR, file), headers);
}

/**
 * GET /once?key=… → {"first": true} the first time a key is asked for, {"first": false} after that.
 * Backs the provider pages' `once:<step>` script steps (public/assets/provider-kit.js), e.g. a frame
 * that asks the widget for one reload and carries on after it. On the server because a cross-origin
 * frame's own storage is blocked or partitioned by browsers.
 */
const onceKeys = new Set();
function once(req, res, url) {
  const key = (url.searchParams.get('key') ?? '').slice(0, 4096);
  const first = !onceKeys.has(key);
  if (first) {
    if (onceKeys.size >= 10000) onceKeys.clear();
    onceKeys.add(key);
  }
  res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': CONTENT_TYPES['.json'] });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ first }));
}

/**
 * The SDK-hosted providers' stand-in loaders (public/sdk/: Onfido's runtime module, Stripe.js, Plaid Link) run on the
 * host's page, as the vendors' scripts do: served with CORS, since Onfido's is imported as a module from another
 * origin (and the classic ones import sdk/core.js). /sdk/ui.html, their UI frame, is a page like any other.
 */
function sdkFile(req, res, url) {
  if (url.pathname.endsWith('.html')) return serveStatic(req, res, url.pathname);
  const count = url.searchParams.get('count');
  if (count) sdkRequests.set(count, (sdkRequests.get(count) ?? 0) + 1);
  const send = () =>
    sendFile(req, res, path.join(PUBLIC_DIR, url.pathname), {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  // `?delay=ms` (at most 5 s): a script still on its way when the page asks for it again (test/browser/sdk-early).
  const delay = Math.min(5000, Number(url.searchParams.get('delay')) || 0);
  if (delay > 0) setTimeout(send, delay);
  else send();
}

/** How many times each `?count=` name was asked for (tests: one download per page), read at /sdk-requests?count=. */
const sdkRequests = new Map();

function sdkRequestCount(req, res, url) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify({ requests: sdkRequests.get(url.searchParams.get('count')) ?? 0 }));
}

/** The special routes. Extend freely; see the rule at the top of this file. */
export const routes = {
  '/generic': page('generic.html'),
  '/generic/*': page('generic.html'),
  '/silent': page('silent.html'),
  '/blocked': page('blocked.html', {
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
  }),
  '/forge': page('forge.html'),
  '/pathological': page('pathological.html'),
  '/spy': page('spy.html'),
  // Provider-shaped pages (see catalog.mjs). Sumsub (/sumsub/websdk/websdk.html), iDenfy (/idenfy/) and
  // Yoti (/yoti/idverify/v1/web/index.html) are plain files under public/ and need no route.
  '/once': once,
  // Sumsub's WebSDK compares its base URL with event.origin: its real SDK (test/browser/conformance.test.ts)
  // needs the frame at the origin's root, as in.sumsub.com has it.
  '/websdk/websdk.html': page('sumsub/websdk/websdk.html'),
  // Persona's SDK loads <host>/widget: the same page, for its real SDK (conformance test).
  '/widget': page('persona/widget.html'),
  '/persona/widget': page('persona/widget.html'),
  '/veriff/v/*': page('veriff/session.html'),
  '/jumio/web/*': page('jumio/web.html'),
  '/didit/session/*': page('didit/session.html'),
  '/didit/u/*': page('didit/session.html'),
  '/veratad/*': page('veratad/index.html'),
  '/caf/*': page('caf/index.html'),
  '/zignsec/ui/scanning-dp50/*': page('zignsec/index.html'),
  '/sdk/*': sdkFile,
  '/sdk-requests': sdkRequestCount,
};

export function findRoute(pathname, table = routes) {
  if (Object.prototype.hasOwnProperty.call(table, pathname) && !pathname.endsWith('/*')) return table[pathname];
  let best;
  let bestLength = -1;
  for (const [key, handler] of Object.entries(table)) {
    if (!key.endsWith('/*')) continue;
    const prefix = key.slice(0, -1); // keeps the trailing slash: '/generic/'
    if (pathname.startsWith(prefix) && prefix.length > bestLength) {
      best = handler;
      bestLength = prefix.length;
    }
  }
  return best;
}

function plain(res, status, text, headers = {}) {
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

function isInside(file, dir) {
  return file === dir || file.startsWith(dir + path.sep);
}

async function sendFile(req, res, file, headers = {}) {
  let body;
  try {
    const real = await realpath(file);
    if (!isInside(real, await realpath(PUBLIC_DIR)) || !(await stat(real)).isFile()) throw new Error('not a file');
    body = await readFile(real);
  } catch {
    return plain(res, 404, 'Not found');
  }
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const extra = type.startsWith('text/html') ? { 'Content-Security-Policy': PAGE_CSP } : {};
  res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': type, 'Content-Length': body.length, ...extra, ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Decodes the raw request path and refuses anything that could step outside public/. */
function safePathname(rawUrl) {
  const rawPath = (rawUrl ?? '/').split(/[?#]/, 1)[0];
  if (!rawPath.startsWith('/')) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null; // malformed percent-encoding
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return decoded;
}

async function serveStatic(req, res, pathname) {
  if (pathname.split('/').some((segment) => segment.startsWith('.'))) return plain(res, 404, 'Not found'); // dotfiles
  let file = path.resolve(PUBLIC_DIR, `.${pathname}`);
  if (!isInside(file, PUBLIC_DIR)) return plain(res, 400, 'Bad path');
  try {
    if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
  } catch {
    // sendFile answers 404
  }
  return sendFile(req, res, file);
}

async function handle(req, res, apis) {
  const pathname = safePathname(req.url);
  if (pathname === null) return plain(res, 400, 'Bad path');
  const url = new URL(req.url, 'http://sandbox.invalid');
  const api = apis.route(req.method, pathname);
  if (api) return api(req, res, url);
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  // The outage switch (session-apis.mjs): that provider's frame loads and never says anything.
  if (apis.frameDown(pathname)) return routes['/silent'](req, res, url);
  const handler = findRoute(pathname);
  if (handler) return handler(req, res, url);
  return serveStatic(req, res, pathname);
}

/**
 * Starts the sandbox. Besides its frame pages it answers the session APIs of Persona, Sumsub, Veriff, Didit and
 * iDenfy (session-apis.mjs) with `keys` (default: keys.mjs), and when the person finishes in a frame it sends that
 * provider's webhook, signed with `webhookSecret`, to `webhookUrl` (a string where `{provider}` is replaced, or a
 * function of the provider, read when the webhook is sent).
 * @param {{
 *   host?: string,
 *   port?: number,
 *   keys?: typeof import('./keys.mjs').SANDBOX_API_KEYS,
 *   webhookUrl?: string | ((provider: string) => string),
 *   webhookSecret?: string | Record<string, string>,
 *   onEvent?: Parameters<typeof createSessionApis>[0]['onEvent'],
 * }} [options] `onEvent`: told of each session its APIs create and each webhook it sends
 */
export async function startSandbox({ host = '127.0.0.1', port = 0, keys, webhookUrl, webhookSecret, onEvent } = {}) {
  let origin;
  const apis = createSessionApis({ origin: () => origin, keys, webhookUrl, webhookSecret, onEvent });
  const server = createServer((req, res) => {
    handle(req, res, apis).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  let closing;
  return {
    origin,
    port: actualPort,
    server,
    /** The sessions the session APIs created, and `finish(provider, frameKey, decision)` (what /sandbox/finish does). */
    sessions: apis.sessions,
    finish: apis.finish,
    /** The SDK-hosted providers' stand-ins: `seen` (every request), `plaid` (its keys and statuses). */
    sdk: apis.sdk,
    close() {
      closing ??= new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive sockets would otherwise hold close() open
      });
      return closing;
    },
  };
}
