import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionHandler, type CreateSession } from '../../src/server/session-handler';
import { authorizeByHeader, GOOD, serveHandler } from './app';

/** Who may ask: the Origin against the host's list, exactly (scheme, host and port), never the Host header. */

let created = 0;
const createSession: CreateSession = () => {
  created++;
  return Promise.resolve({ sessionToken: 'tok' });
};
const base = { createSession, authorize: authorizeByHeader };

const served = await serveHandler(() => ({ ...base, allowedOrigins: ['https://app.example'] }));
afterAll(() => served.close());

/** A POST through node:http, which (unlike fetch) lets the test forge the Host header. */
function forged(headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(served.origin);
  const body = JSON.stringify(GOOD);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: hostname,
        port,
        method: 'POST',
        path: '/api/kyc-session',
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'x-user': 'u', ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const web = (handler: (request: Request) => Promise<Response>, origin: string, url = 'https://app.example/api') =>
  handler(
    new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'x-user': 'u' },
      body: JSON.stringify(GOOD),
    }),
  );

describe('allowedOrigins', () => {
  it('is required, and each entry must be an origin', () => {
    expect(() => createSessionHandler({ ...base } as never)).toThrow(/allowedOrigins/);
    for (const bad of [
      [],
      ['*'],
      ['https://app.example/path'],
      ['https://app.example/?q'],
      ['https://user@app.example'],
      ['app.example'],
      ['ftp://app.example'],
      ['http://app.example'], // plain http off loopback: the session token would travel in the clear
      ['null'],
    ])
      expect(() => createSessionHandler({ ...base, allowedOrigins: bad }), JSON.stringify(bad)).toThrow(TypeError);
    expect(() =>
      createSessionHandler({ ...base, allowedOrigins: ['https://App.Example:443', 'http://localhost:5173'] }),
    ).not.toThrow();
  });

  it('a forged Host header matching a forged Origin does not make it allowed', async () => {
    const before = created;
    expect(await forged({ Host: 'evil.example', Origin: 'http://evil.example' })).toBe(403);
    expect(await forged({ Host: 'evil.example', Origin: 'https://evil.example' })).toBe(403);
    expect(await forged({ Host: new URL(served.origin).host, Origin: served.origin })).toBe(403); // its own address: not listed
    expect(created).toBe(before);
    expect(await forged({ Host: 'evil.example', Origin: 'https://app.example' })).toBe(200); // Host plays no part
    expect(created).toBe(before + 1);
  });

  it('compares the scheme and the port, not only the host', async () => {
    const handler = createSessionHandler({ ...base, allowedOrigins: ['https://App.Example'] });
    expect((await web(handler, 'https://app.example')).status).toBe(200);
    for (const origin of [
      'http://app.example',
      'https://app.example:8443',
      'wss://app.example',
      'https://app.example.',
    ])
      expect((await web(handler, origin)).status, origin).toBe(403);
    // The request's own URL plays no part either (a framework may build it from Host).
    expect((await web(handler, 'http://app.example', 'http://app.example/api')).status).toBe(403);
  });

  it('a function decides per request; one that throws refuses', async () => {
    const handler = createSessionHandler({ ...base, allowedOrigins: (origin) => origin.endsWith('.shop.example') });
    expect((await web(handler, 'https://eu.shop.example')).status).toBe(200);
    expect((await web(handler, 'https://evil.example')).status).toBe(403);
    const throwing = createSessionHandler({
      ...base,
      allowedOrigins: () => {
        throw new Error('boom');
      },
    });
    expect((await web(throwing, 'https://app.example')).status).toBe(403);
  });
});
