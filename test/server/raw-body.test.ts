import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readRawBody, type RawBodyResult } from '../../src/server/node';
import { listen } from './helpers';

/** readRawBody over real HTTP: the exact bytes, bounded, and a clear refusal after a body parser. */

async function roundTrip(
  body: BodyInit,
  options: { maxBytes?: number; parsed?: unknown } = {},
): Promise<{ result: RawBodyResult; status: number }> {
  let result: RawBodyResult | undefined;
  const server = await listen((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    if (options.parsed !== undefined) req.body = options.parsed;
    void readRawBody(req, { maxBytes: options.maxBytes }).then((read) => {
      result = read;
      res.writeHead(read.ok ? 200 : 413).end();
    });
  });
  try {
    const response = await fetch(server.origin, { method: 'POST', body });
    return { result: result!, status: response.status };
  } finally {
    await server.close();
  }
}

describe('readRawBody', () => {
  it('gives the exact bytes, not re-encoded text', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xc3, 0xa9, 0x22, 0x3a, 0x20, 0x31, 0x7d, 0x0a, 0xff]);
    const { result } = await roundTrip(bytes);
    expect(result.ok && Array.from(result.body)).toEqual(Array.from(bytes));
  });

  it('stops at maxBytes, and the caller can still answer 413', async () => {
    const { result, status } = await roundTrip('x'.repeat(300_000), { maxBytes: 1000 });
    expect(result).toEqual({ ok: false, reason: 'too-large' });
    expect(status).toBe(413);
  });

  it('uses the Buffer of express.raw(), and refuses a body a parser turned into an object or a string', async () => {
    const raw = await roundTrip('ignored', { parsed: Buffer.from('{"a":1}') });
    expect(raw.result.ok && Buffer.from(raw.result.body).toString()).toBe('{"a":1}');
    expect((await roundTrip('{}', { parsed: { a: 1 } })).result).toEqual({ ok: false, reason: 'already-parsed' });
    expect((await roundTrip('{}', { parsed: '{"a":1}' })).result).toEqual({ ok: false, reason: 'already-parsed' });
  });

  it('a body that stops arriving is too-slow after timeoutMs, not a read that waits forever', async () => {
    let result: RawBodyResult | undefined;
    const server = await listen((req: IncomingMessage, res: ServerResponse) => {
      void readRawBody(req, { timeoutMs: 300 }).then((read) => {
        result = read;
        res.writeHead(read.ok ? 200 : 408, { Connection: 'close' }).end();
      });
    });
    try {
      // Half a body, then nothing: the client never ends it.
      const status = await new Promise<number>((resolve) => {
        const client = httpRequest(server.origin, { method: 'POST', headers: { 'Content-Length': '1000' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        client.on('error', () => resolve(0));
        client.write('x'.repeat(500));
      });
      expect(status).toBe(408);
      expect(result).toEqual({ ok: false, reason: 'too-slow' });
    } finally {
      await server.close();
    }
  });
});
