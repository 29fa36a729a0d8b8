/**
 * `node:http` and Express, without importing either: the shapes below are the parts of IncomingMessage and
 * ServerResponse this file uses, so the server entry stays platform-neutral and framework-free.
 *
 * A body parser in front (`express.json()`, `express.text()`, `express.raw()`) has already consumed the
 * request's stream. `toNodeHandler` then uses what the parser left in `req.body` (a parsed object is
 * serialized again: the session body is small JSON, and the handler checks it the same way).
 * `readRawBody`, for webhooks, cannot: a signature covers the exact bytes, so it accepts only a Buffer
 * from `express.raw()` or the untouched stream, and says so when a parser got there first.
 */

export interface NodeRequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** A TLS socket has `encrypted: true`; `remoteAddress` keys the limit under `anonymous: true`. */
  socket?: { encrypted?: boolean; remoteAddress?: string; destroy?(): unknown } | null;
  /** Set by body parsers (Express). */
  body?: unknown;
  readableEnded?: boolean;
  /** node:http: true once the whole message (the body included) has arrived. */
  complete?: boolean;
  pause?(): unknown;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  /** Sends the status and headers now, before the body (a stream's client sees them at once). */
  flushHeaders?(): unknown;
  /** false: the socket's buffer is full; wait for 'drain'. */
  write?(chunk: Uint8Array): boolean;
  end(body?: string | Uint8Array, done?: () => void): unknown;
  on?(event: 'close' | 'drain', listener: () => void): unknown;
  once?(event: 'close' | 'drain', listener: () => void): unknown;
  removeListener?(event: 'close' | 'drain', listener: () => void): unknown;
  /** The compression middleware's: pushes what it has buffered to the socket. */
  flush?(): unknown;
  headersSent?: boolean;
}

export interface NodeHandlerOptions {
  /**
   * The public origin of your app (`https://app.example`), used to build the Request's URL. Default: from
   * the Host header and whether the socket is TLS. Nothing here trusts that URL for a decision (the handlers check
   * the Origin against your `allowedOrigins`); it is what `request.url` says to your own code.
   */
  origin?: string;
}

type NextFunction = (error?: unknown) => void;

const nodeRequests = new WeakMap<Request, NodeRequestLike>();

/**
 * The IncomingMessage a Request was built from by `toNodeHandler`: what your middleware attached to it
 * (`req.user`, `req.session`) for `createSession` or a client's `userId`. Undefined for other Requests.
 */
export function nodeRequestOf<T extends NodeRequestLike = NodeRequestLike & Record<string, unknown>>(
  request: Request,
): T | undefined {
  return nodeRequests.get(request) as T | undefined;
}

/**
 * Wraps a Web-standard handler (`createSessionHandler(…)`, a `createKycBackend` route) for `node:http` or Express:
 * `app.post('/api/kyc-session', toNodeHandler(handler))` or `http.createServer(toNodeHandler(handler))`. The
 * Request's signal aborts when the client goes away; the Response's body is written as it comes (a stream too).
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
  options: NodeHandlerOptions = {},
): (req: NodeRequestLike, res: NodeResponseLike, next?: NextFunction) => void {
  return (req, res, next) => {
    void (async () => {
      const abort = new AbortController();
      res.on?.('close', () => abort.abort());
      const request = await toRequest(req, options, abort.signal);
      nodeRequests.set(request, req);
      const response = await handler(request);
      await writeResponse(req, res, response);
    })().catch((error: unknown) => {
      if (next) return next(error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ error: { code: 'internal-error', message: 'The endpoint failed.' } }));
      } else {
        res.end();
      }
    });
  };
}

async function toRequest(req: NodeRequestLike, options: NodeHandlerOptions, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const tls = req.socket?.encrypted === true;
  const base = options.origin ?? `${tls ? 'https' : 'http'}://${hostOf(req)}`;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', base);
  } catch {
    url = new URL('http://invalid.invalid/');
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    const parsed = parsedBody(req);
    if (parsed !== undefined) {
      headers.delete('Content-Length');
      headers.delete('Transfer-Encoding');
      init.body = parsed;
    } else {
      // Streamed, not buffered: the handler reads as far as its own limit and stops.
      init.body = streamOf(req);
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

function hostOf(req: NodeRequestLike): string {
  const host = req.headers.host;
  const value = Array.isArray(host) ? host[0] : host;
  // Host goes into a URL: anything but a plain host[:port] becomes an origin no browser sends.
  return value && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(value) ? value : 'invalid.invalid';
}

/** What a body parser left in `req.body`, as a body again; undefined when no parser ran. */
function parsedBody(req: NodeRequestLike): Uint8Array<ArrayBuffer> | string | undefined {
  if (req.body === undefined) return req.readableEnded ? '' : undefined;
  if (typeof req.body === 'string') return req.body;
  if (req.body instanceof Uint8Array) return new Uint8Array(req.body);
  // A parser's object: JSON again (an empty `{}` from a parser that skipped a non-JSON body stays `{}`, and
  // the handler refuses it for its shape as for its content type).
  return JSON.stringify(req.body) ?? '';
}

function streamOf(req: NodeRequestLike): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk) => {
        if (cancelled) return;
        controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk));
      });
      req.on('end', () => {
        if (!cancelled) controller.close();
      });
      req.on('error', (error) => {
        if (!cancelled) controller.error(error);
      });
    },
    cancel() {
      // The handler stopped reading (too large, too slow): so does the socket, until the answer closes it.
      cancelled = true;
      req.pause?.();
    },
  });
}

/**
 * Writes the answer. When the request's body has not all arrived (the handler answered 413 or 408, or refused it
 * before reading), the connection is closed once the answer is out: node:http would otherwise read the rest of
 * the body, however large or slow, to keep the connection alive. Otherwise the body is written chunk by chunk as
 * the handler's stream gives it (a decision stream's Server-Sent Events reach the browser as they are sent), and
 * the stream is cancelled when the client goes away.
 */
async function writeResponse(req: NodeRequestLike, res: NodeResponseLike, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  if (req.complete === false) {
    const body = new Uint8Array(await response.arrayBuffer());
    res.setHeader('Connection', 'close');
    res.end(body, () => req.socket?.destroy?.());
    return;
  }
  if (!response.body || !res.write) {
    res.end(new Uint8Array(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  let gone = false;
  const stop = () => {
    gone = true;
    void reader.cancel().catch(() => undefined);
  };
  res.on?.('close', stop);
  res.flushHeaders?.();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone) break;
      const more = res.write(value);
      res.flush?.();
      if (!more && !gone) await drained(res);
    }
  } catch {
    // The handler's stream failed, or was cancelled because the client went away: end what was sent.
  }
  if (!gone) res.end();
}

/** Resolves once the socket takes writes again, or the client has gone. */
function drained(res: NodeResponseLike): Promise<void> {
  return new Promise((resolve) => {
    if (!res.once) return resolve();
    const done = () => {
      res.removeListener?.('drain', done);
      res.removeListener?.('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export type RawBodyResult =
  | { ok: true; body: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: 'too-large' | 'too-slow' | 'already-parsed' | 'aborted' };

/**
 * The exact bytes of a request's body, for `verifyWebhook` (a signature covers bytes, not parsed JSON).
 * Bounded: over `maxBytes` (default 1 MB) the rest is dropped unread and the result says `too-large`.
 * Under Express, mount `express.raw({ type: '*\/*' })` on the webhook route (its Buffer is used as is), or
 * keep every body parser off that route; a body parsed into an object or string is `already-parsed`.
 */
export function readRawBody(
  req: NodeRequestLike,
  options: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<RawBodyResult> {
  const limit = options.maxBytes ?? 1_048_576;
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (req.body !== undefined) {
    if (req.body instanceof Uint8Array) {
      return Promise.resolve(
        req.body.byteLength > limit ? { ok: false, reason: 'too-large' } : { ok: true, body: new Uint8Array(req.body) },
      );
    }
    return Promise.resolve({ ok: false, reason: 'already-parsed' });
  }
  if (req.readableEnded) return Promise.resolve({ ok: false, reason: 'already-parsed' });
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: RawBodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Refused: read no more (answer with Connection: close, and Node closes the socket rather than read on).
      if (!result.ok) req.pause?.();
      resolve(result);
    };
    const timer = setTimeout(() => {
      chunks.length = 0;
      settle({ ok: false, reason: 'too-slow' });
    }, timeoutMs);
    req.on('data', (chunk) => {
      if (settled) return;
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size > limit) {
        // Dropped from here on, and the stream paused, so that the caller can still answer 413.
        chunks.length = 0;
        settle({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(bytes);
    });
    req.on('end', () => {
      const body = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      settle({ ok: true, body });
    });
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('close', () => settle({ ok: false, reason: 'aborted' }));
  });
}
