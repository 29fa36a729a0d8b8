import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Listening {
  origin: string;
  server: Server;
  /** Sockets the server holds open now. */
  openSockets: () => number;
  /** Bytes the server read from each socket so far, closed ones included (counted by Node, not by the handler). */
  bytesRead: () => number;
  close: () => Promise<void>;
}

/** A node:http server on 127.0.0.1, port 0; closed by the returned function. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server: Server = createServer(listener);
  const open = new Set<Socket>();
  let closedBytes = 0;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
      closedBytes += socket.bytesRead;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    openSockets: () => open.size,
    bytesRead: () => closedBytes + [...open].reduce((sum, socket) => sum + socket.bytesRead, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's body as text (the imitation providers below are ours: no bound needed). */
export function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A loopback imitation of Persona's create-inquiry call that counts what a provider bills: every request that
 * reaches it is an inquiry made (whether or not the caller waited for the answer), except a repeat of an
 * `Idempotency-Key` it has seen, which gets the first answer again (https://docs.withpersona.com/idempotence).
 */
export async function countingPersona(options: { delayMs?: number } = {}) {
  let requests = 0;
  /** When each request arrived (ms since the epoch). */
  const arrivals: number[] = [];
  let delayMs = options.delayMs ?? 0;
  let outage: { status: number; headers: Record<string, string> } | null = null;
  const byKey = new Map<string, Promise<unknown>>();
  const references: (string | undefined)[] = [];
  const keys: (string | undefined)[] = [];
  const api = await listen((req, res) => {
    void (async () => {
      const text = await bodyText(req);
      if (outage) return sendJson(res, outage.status, { errors: [{ title: 'busy' }] }, outage.headers);
      requests++;
      arrivals.push(Date.now());
      const attributes = (JSON.parse(text) as { data: { attributes: Record<string, string> } }).data.attributes;
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      keys.push(key);
      let answer = key ? byKey.get(key) : undefined;
      if (!answer) {
        references.push(attributes['reference-id']);
        const id = `inq_${references.length}x${Math.random().toString(36).slice(2, 10)}`;
        answer = sleep(delayMs).then(() => ({ data: { id }, meta: { 'session-token': `tok_${id}` } }));
        if (key) byKey.set(key, answer);
      }
      sendJson(res, 201, await answer);
    })();
  });
  return {
    api,
    /** Inquiries made (billable sessions): distinct idempotency keys, plus every request without one. */
    made: () => references.length,
    requests: () => requests,
    references,
    keys,
    arrivals,
    setDelay: (ms: number) => (delayMs = ms),
    setOutage: (value: typeof outage) => (outage = value),
  };
}
