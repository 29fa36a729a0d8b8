/**
 * What the backend tests and their child processes (plain ESM, so that `node` runs it without a build) share: the
 * routes a backend is mounted on, the tests' stand-in for a login, and a node:http server on loopback for a
 * `toNodeHandler(…)` (the server companion's own adapter, which writes a decision stream event by event).
 */
import { createServer } from 'node:http';

/**
 * The routes the tests mount a backend on: POST /session, POST /webhook/<provider>, GET /decision.
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

/**
 * Serves a node:http listener on 127.0.0.1, port 0.
 * @param {import('node:http').RequestListener} listener
 */
export async function serve(listener) {
  const server = createServer(listener);
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
