/**
 * A server-rendered verification page on plain Node (`node:http`), streamed (docs/server.md, "Server-rendered
 * widget"):
 *
 *   1. the request arrives: the session starts at once (or the person's open one is reused), and the page's shell
 *      goes out in the same moment, with a warm-up for the provider's origin, so that the browser parses, styles
 *      and connects while the provider's API works;
 *   2. the session resolves: the widget's markup (`renderKycWidget`) is written into the same response, and the
 *      browser requests the provider's frame while it parses it, before any script of the widget has arrived;
 *   3. the widget's module script (in the shell's head: a module script runs after the document is parsed, so it
 *      never defines the tag before the markup is there) adopts the frame.
 *
 * The response carries the frame URL, so it is `Cache-Control: private, no-store` (KYC_RENDERED_HEADERS).
 *
 * Run: `npm run build && node examples/ssr-node/server.mjs` (it starts the sandbox provider too), then open the
 * printed URL. In an app, import from 'kyc-widget/server' instead of the built file.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KYC_RENDERED_HEADERS, renderKycWarmUp, renderKycWidget } from '../../dist/server/index.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Starts the example. `createSession(userId)` → Promise<{ sessionUrl, expiresAt? }>: the provider's API (here the
 * sandbox's generic frame). `allowedOrigins`: the provider's origins the widget may trust (the sandbox's).
 */
export async function startSsrExample({
  host = '127.0.0.1',
  port = 0,
  provider = 'generic',
  createSession,
  allowedOrigins,
}) {
  /** The open session of each person, by user id: started once, reused until it expires. */
  const open = new Map();
  const sessionFor = (userId) => {
    const known = open.get(userId);
    if (known && !(known.expiresAt && Date.parse(known.expiresAt) <= Date.now())) return known.session;
    const session = createSession(userId).then((answer) => {
      entry.expiresAt = answer.expiresAt;
      return answer;
    });
    const entry = { session, expiresAt: undefined };
    session.catch(() => open.delete(userId)); // a failed start is not an open session
    open.set(userId, entry);
    return session;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    if (url.pathname === '/verify') return verifyPage(req, res).catch(() => res.destroy());
    if (url.pathname === '/kyc-widget.js' || /^\/chunks\/[\w.-]+\.js$/.test(url.pathname)) {
      return void readFile(path.join(DIST, url.pathname)).then(
        (body) => res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body),
        () => res.writeHead(404).end(),
      );
    }
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });

  async function verifyPage(req, res) {
    // Who is asking: a real app reads its own session cookie; this demo gives each browser an id.
    const userId = /(?:^|;\s*)demo-user=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? randomUUID();
    // 1. The session starts now, before a byte of the page is written.
    const session = sessionFor(userId);
    const nonce = randomBytes(16).toString('base64');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...KYC_RENDERED_HEADERS,
      'Set-Cookie': `demo-user=${userId}; Path=/; HttpOnly; SameSite=Lax`,
      // The capture script carries the nonce (or allow KYC_CAPTURE_SHA256 instead); frames from the provider only.
      'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'; frame-src ${allowedOrigins.join(' ')}; object-src 'none'; base-uri 'none'`,
    });
    // The shell, at once: the browser starts on it (and on the provider's connection) while the session is made. No
    // script of the widget's in it (3. says why).
    res.write(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verify your identity</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style>
</head>
<body>
<h1>Verify your identity</h1>
${renderKycWarmUp({ provider, allowedOrigins })}
<main>
`);
    // 2. The widget's markup when the session is there: the frame is requested as the browser parses it.
    let widget;
    try {
      const { sessionUrl } = await session;
      widget = renderKycWidget({
        provider,
        sessionUrl,
        allowedOrigins,
        locale: 'en',
        pageOrigin: `http://${req.headers.host}`,
        nonce,
      });
    } catch {
      widget = '<p role="alert">The verification could not be started. Reload the page to try again.</p>';
    }
    // 3. The widget's script after its markup, not in the shell's head. Asked for with the shell, its 14.5 KB can reach
    // a slow link just as the markup does and hold the markup (and so the frame's request) back: 65-75 ms in about
    // half the loads under the bench's slow 4G. After the markup, it comes while the frame's own request is on its
    // way, and the capture script keeps what the frame says until it runs.
    res.end(`${widget}
<script type="module" src="/kyc-widget.js"></script>
</main>
</body>
</html>
`);
  }

  await new Promise((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${server.address().port}`;
  return {
    origin,
    /** How many sessions were started (reuse makes it one per person while theirs is open). */
    get started() {
      return open.size;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const { startSandbox } = await import('../../sandbox/server.mjs');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const example = await startSsrExample({
    port: Number(process.env.PORT ?? 5180),
    allowedOrigins: [sandbox.origin],
    // The provider's API takes a moment: the shell is on screen meanwhile.
    createSession: () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ sessionUrl: `${sandbox.origin}/generic/session/${randomUUID()}` }), 300),
      ),
  });
  console.log(`Server-rendered verification page: ${example.origin}/verify (provider frame from ${sandbox.origin})`);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => Promise.all([example.close(), sandbox.close()]).then(() => process.exit(0)));
}
