/**
 * A streaming node:http adapter for Web-standard handlers, for the tests and their child processes (plain ESM, so
 * `node` runs it without a build): the response body is written as it comes (Server-Sent Events), and the
 * request's signal aborts when the client goes away. (`toNodeHandler` buffers the whole response: fine for JSON,
 * not for a decision stream.)
 */
import { createServer } from 'node:http';

/** @param {import('node:http').IncomingMessage} req @param {AbortSignal} signal */
export function toRequest(req, signal) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  /** @type {RequestInit & { duplex?: 'half' }} */
  const init = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = new ReadableStream({
      start(controller) {
        req.on('data', (chunk) => controller.enqueue(new Uint8Array(chunk)));
        req.on('end', () => controller.close());
        req.on('error', (error) => controller.error(error));
      },
    });
    init.duplex = 'half';
  }
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`), init);
}

/** @param {import('node:http').ServerResponse} res @param {Response} response */
export async function writeResponse(res, response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away.
  }
  res.end();
}

/**
 * Serves `route(request, req)` on 127.0.0.1, port 0.
 * @param {(request: Request, req: import('node:http').IncomingMessage) => Promise<Response>} route
 */
export async function serve(route) {
  const server = createServer((req, res) => {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    void (async () => {
      let response;
      try {
        response = await route(toRequest(req, abort.signal), req);
      } catch (error) {
        response = new Response(String(error), { status: 500 });
      }
      await writeResponse(res, response);
    })();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/**
 * The routes the tests mount a backend on: POST /session, POST /webhook/<provider>, GET /decision. The signed-in
 * user is the `X-Test-User` header (a test's stand-in for a login session).
 * @param {{ session: Function, webhook: Function, decision: Function }} kyc
 */
export function routesOf(kyc) {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/session') return kyc.session(request);
    if (pathname.startsWith('/webhook/')) return kyc.webhook(request, pathname.slice('/webhook/'.length));
    if (pathname === '/decision') return kyc.decision(request);
    return Promise.resolve(new Response('not found', { status: 404 }));
  };
}

/** The tests' `authorize`: the X-Test-User header, or null. */
export const testUser = (request) => request.headers.get('X-Test-User');
