/**
 * toNodeHandler writes a Response's body as the handler's stream gives it, over real HTTP on loopback: a chunk
 * reaches the client while the stream is still open (a decision stream's events reach the browser one by one), a
 * client going away cancels the stream and aborts the request's signal, and a large body crosses whole (the
 * socket's back-pressure is waited for, not buffered around).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../src/server/node';
import { listen, type Listening } from './helpers';

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serving(handler: (request: Request) => Promise<Response>): Promise<string> {
  const server = await listen(toNodeHandler(handler));
  servers.push(server);
  return server.origin;
}

/** Rejects with `what` if `promise` has not settled within `ms` (the test's own bound, not a measurement). */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms))),
  ]);
}

/** A stream that sends `first`, then holds until released, then sends `second` and ends. */
function heldStream() {
  const encoder = new TextEncoder();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { ended: false, cancelled: false, aborted: false };
  const handler = (request: Request) => {
    request.signal.addEventListener('abort', () => (state.aborted = true));
    let sentFirst = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sentFirst) {
          sentFirst = true;
          controller.enqueue(encoder.encode('data: first\n\n'));
          return;
        }
        await released;
        controller.enqueue(encoder.encode('data: second\n\n'));
        controller.close();
        state.ended = true;
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return Promise.resolve(
      new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' } }),
    );
  };
  return { handler, release, state };
}

describe('toNodeHandler: a streamed body', () => {
  it('delivers a chunk to the client while the handler’s stream is still open, then the rest', async () => {
    const held = heldStream();
    const origin = await serving(held.handler);
    const response = await within(5000, fetch(origin), 'the status and headers did not arrive before the stream ended');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await within(5000, reader.read(), 'the first chunk did not arrive before the stream ended');
    expect(first.value).toBe('data: first\n\n');
    // The handler's stream has not ended: the chunk came through on its own.
    expect(held.state.ended).toBe(false);
    held.release();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += next.value;
    expect(rest).toBe('data: second\n\n');
    expect(held.state.ended).toBe(true);
  });

  it('cancels the handler’s stream and aborts the request’s signal when the client goes away', async () => {
    const held = heldStream();
    const origin = await serving(held.handler);
    const abort = new AbortController();
    const response = await fetch(origin, { signal: abort.signal });
    const reader = response.body!.getReader();
    await within(5000, reader.read(), 'the first chunk did not arrive');
    expect(held.state.cancelled).toBe(false);
    abort.abort();
    await expect.poll(() => held.state.cancelled, { timeout: 5000 }).toBe(true);
    expect(held.state.aborted).toBe(true);
    expect(held.state.ended).toBe(false);
    held.release();
  });

  it('sends 16 MB in 64 KB chunks whole, in order', async () => {
    const chunks = 256;
    const expected = createHash('sha256');
    const pieces = Array.from({ length: chunks }, (_, i) => new Uint8Array(65_536).fill(i % 251));
    for (const piece of pieces) expected.update(piece);
    const origin = await serving(() => {
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i < chunks) controller.enqueue(pieces[i++]);
          else controller.close();
        },
      });
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } }));
    });
    const received = new Uint8Array(await (await fetch(origin)).arrayBuffer());
    expect(received.byteLength).toBe(chunks * 65_536);
    expect(createHash('sha256').update(received).digest('hex')).toBe(expected.digest('hex'));
  });

  it('answers a JSON body whole, as before', async () => {
    const origin = await serving(() => Promise.resolve(Response.json({ ok: true }, { status: 201 })));
    const response = await fetch(origin);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });
});
