/**
 * The widget's `decision-endpoint` (docs/server.md, "The decision endpoint"): `GET ?provider=&sessionId=` with the
 * person's credentials. `Accept: text/event-stream` gets Server-Sent Events: one `decision` event when the decision
 * is known (at once if it is already), then the stream ends; a comment line every `heartbeatMs` meanwhile, and the
 * stream ends after `lifetimeMs` anyway (the widget asks again). Anything else gets JSON at once:
 * `{decision, provider, sessionId?, occurredAt}` or `{decision: null}`.
 */
import { originCheck, type AllowedOrigins } from '../origins';
import { idOf } from '../webhooks/fields';
import type { DecisionQuery, DecisionRecord, KycStore } from './store';

export interface DecisionStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream (default 15 000 ms). */
  heartbeatMs?: number;
  /** The stream ends after this long without a decision (default 60 000 ms); the widget reconnects. */
  lifetimeMs?: number;
  /** Open streams per user; one more is refused with 429 (default 5). */
  maxPerUser?: number;
  /**
   * Open streams in this process, all users together; one more is refused with 503 and Retry-After (default 1000;
   * each holds a socket: keep it under the process's file descriptor limit).
   */
  maxOpen?: number;
  /** Sent as the stream's `retry:` field: how long EventSource waits before it reconnects (default 3000 ms). */
  retryMs?: number;
}

/** What the widget receives: the JSON answer, and the data of the stream's `decision` event. */
export type DecisionAnswer =
  | { decision: DecisionRecord['decision']; provider: string; sessionId?: string; occurredAt: string }
  | { decision: null };

const PROVIDER = /^[a-z][a-z0-9-]{0,39}$/;

export function answerOf(record: DecisionRecord | null): DecisionAnswer {
  if (!record) return { decision: null };
  return {
    decision: record.decision,
    provider: record.provider,
    ...(record.sessionId && { sessionId: record.sessionId }),
    occurredAt: record.occurredAt,
  };
}

/** The query's provider and sessionId, checked; a string when they are unusable (the 400's message). */
export function queryOf(url: URL, userId: string): DecisionQuery | string {
  const provider = url.searchParams.get('provider') ?? undefined;
  const sessionId = url.searchParams.get('sessionId') ?? undefined;
  if (provider !== undefined && !PROVIDER.test(provider)) return 'provider is not a provider id';
  if (sessionId !== undefined && idOf(sessionId) === undefined) return 'sessionId is not a session id';
  return { userId, ...(provider && { provider }), ...(sessionId && { sessionId }) };
}

/**
 * The CORS headers for a decision request, from the same `allowedOrigins` as the session endpoint: none for a
 * request without an Origin (browsers send none on a same-origin GET or EventSource), the origin echoed for an
 * allowed one; undefined (403) for any other, `null` included.
 */
export function corsCheck(allowed: AllowedOrigins): (request: Request) => Record<string, string> | undefined {
  const allows = originCheck(allowed);
  return (request): Record<string, string> | undefined => {
    const origin = request.headers.get('Origin');
    if (origin === null) return {};
    if (!allows(request)) return undefined;
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
  };
}

export function wantsStream(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').toLowerCase().includes('text/event-stream');
}

/**
 * Streams until the decision is known, the client goes away, or the lifetime ends. The store is watched before
 * the first look, so a decision recorded between the two is not missed; every heartbeat looks again, so a missed
 * notification (a dropped database connection) costs at most one heartbeat.
 */
export function decisionStream(
  store: KycStore,
  query: DecisionQuery,
  signal: AbortSignal,
  options: Required<DecisionStreamOptions>,
  headers: Record<string, string>,
  onEnd: () => void,
): Response {
  const encoder = new TextEncoder();
  let finish: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let done = false;
      let looking = false;
      let again = false;
      const send = (text: string) => {
        if (!done) controller.enqueue(encoder.encode(text));
      };
      finish = () => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        signal.removeEventListener('abort', finish);
        onEnd();
        try {
          controller.close();
        } catch {
          // Already closed by a cancel.
        }
      };
      // One look at a time; a change during a look asks for one more.
      const look = async (): Promise<void> => {
        if (done) return;
        if (looking) {
          again = true;
          return;
        }
        looking = true;
        try {
          const record = await store.current(query);
          if (record) {
            send(`event: decision\ndata: ${JSON.stringify(answerOf(record))}\n\n`);
            finish();
          }
        } catch {
          // The store failed this once: the next heartbeat or notification looks again.
        } finally {
          looking = false;
        }
        if (again && !done) {
          again = false;
          await look();
        }
      };
      const unsubscribe = store.subscribe((change) => {
        if (change.userId === query.userId && (!query.provider || change.provider === query.provider)) void look();
      });
      const heartbeat = setInterval(() => {
        send(': heartbeat\n\n');
        void look();
      }, options.heartbeatMs);
      const lifetime = setTimeout(finish, options.lifetimeMs);
      signal.addEventListener('abort', finish, { once: true });
      send(`retry: ${options.retryMs}\n: waiting for the decision\n\n`);
      if (signal.aborted) finish();
      else void look();
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}
