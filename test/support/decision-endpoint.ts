import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/**
 * A scripted decision endpoint on the test page's own origin (as a host's backend would be), for the browser tests,
 * speaking the wire format of kyc-widget/server's `decision` route. One run per `id`; the run's decision is unknown
 * until a test decides it (as a provider's webhook would), or given from the start:
 *
 *   GET  /__kyc/decision?id=<run>[&decision=<d>][&mode=json][&faults=drop,429,forged][&retry=<ms>][&heartbeat=<ms>]
 *        [&slow=<ms>], with the widget's own `provider` and `sessionId`.
 *        Accept without text/event-stream, or mode=json: JSON (after `slow` ms, default at once),
 *        {decision, provider, sessionId?, occurredAt} or {decision: null}. Accept: text/event-stream: `retry: <ms>` (default 100) and a comment, `: heartbeat`
 *        every `heartbeat` ms (default 200), then one `event: decision` once the run's decision is known, and the
 *        stream ends. Each stream request takes the next of `faults` first:
 *          drop    the stream opens, then the connection is destroyed after 150 ms
 *          429     429 Too Many Requests with Retry-After: 1
 *          forged  the stream opens with forged and malformed `decision` events (an unknown decision, another
 *                  provider's, another session's, data that is not JSON, 100 000 characters of data), then goes on
 *                  as usual
 *   POST /__kyc/decision/decide?id=<run>&decision=<d>[&session=<id>]   the decision is known from now on (open streams
 *        send it)
 *   GET  /__kyc/decision/log?id=<run>   each request: its kind (json, stream, or the fault), the query's provider and
 *        sessionId, whether it carried the page's cookie, whether it was closed by the client before the endpoint
 *        ended it, and whether a decision was sent on it
 */

interface Logged {
  /** What the request accepted: a stream, or JSON only. */
  accept: 'stream' | 'json';
  kind: 'json' | 'stream' | 'drop' | '429' | 'forged';
  provider: string | null;
  sessionId: string | null;
  cookie: boolean;
  /** The client went away before the endpoint finished (an abort, the element removed). */
  closedByClient: boolean;
  /** What the endpoint answered with a decision (a JSON answer, or a stream's event). */
  sent?: string | null;
  /** The forged events were written (fault `forged`). */
  forgedSent?: boolean;
}

interface Run {
  decision: string | null;
  sessionId?: string;
  log: Logged[];
  faults: string[];
  /** Open streams waiting for the decision. */
  waiting: Set<() => void>;
}

const runs = new Map<string, Run>();

function runOf(url: URL): Run {
  const id = url.searchParams.get('id') ?? '';
  let run = runs.get(id);
  if (!run) {
    const faults = (url.searchParams.get('faults') ?? '').split(',').filter(Boolean);
    run = { decision: url.searchParams.get('decision'), log: [], faults, waiting: new Set() };
    runs.set(id, run);
  }
  return run;
}

function send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(data));
}

export function decisionEndpoint(): Plugin {
  return {
    name: 'kyc:test-decision-endpoint',
    configureServer(server) {
      server.middlewares.use('/__kyc/decision', (req, res) => scripted(req, res));
    },
  };
}

/** The answer's JSON: the run's decision for the asked provider (and session), or none. */
function answerOf(run: Run, provider: string | null): Record<string, unknown> {
  if (!run.decision) return { decision: null };
  return {
    decision: run.decision,
    provider: provider ?? 'generic',
    ...(run.sessionId ? { sessionId: run.sessionId } : {}),
    occurredAt: new Date().toISOString(),
  };
}

function scripted(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://test.invalid');
  const run = runOf(url);
  if (req.method === 'GET' && url.pathname === '/log') return send(res, 200, run.log);
  if (req.method === 'POST' && url.pathname === '/decide') {
    run.decision = url.searchParams.get('decision');
    run.sessionId = url.searchParams.get('session') ?? undefined;
    for (const wake of [...run.waiting]) wake();
    return send(res, 200, { ok: true });
  }
  const provider = url.searchParams.get('provider');
  const accept = /text\/event-stream/.test(req.headers.accept ?? '') ? 'stream' : 'json';
  const stream = accept === 'stream' && url.searchParams.get('mode') !== 'json';
  const entry: Logged = {
    accept,
    kind: 'json',
    provider,
    sessionId: url.searchParams.get('sessionId'),
    cookie: /(^|;\s*)kyc_test=1/.test(req.headers.cookie ?? ''),
    closedByClient: false,
  };
  run.log.push(entry);
  let ended = false;
  res.on('close', () => {
    if (!ended) entry.closedByClient = true;
  });
  if (!stream) {
    const answer = () => {
      if (entry.closedByClient) return;
      ended = true;
      const data = answerOf(run, provider);
      entry.sent = (data.decision as string | null) ?? null;
      send(res, 200, data);
    };
    const slow = Number(url.searchParams.get('slow') ?? 0);
    if (slow) return void setTimeout(answer, slow);
    return answer();
  }
  const fault = run.faults.shift();
  entry.kind = fault === 'drop' || fault === '429' || fault === 'forged' ? fault : 'stream';
  if (fault === '429') {
    ended = true;
    return send(res, 429, { error: 'too-many-streams' }, { 'Retry-After': '1' });
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
  res.write(`retry: ${Number(url.searchParams.get('retry') ?? 100)}\n: waiting for the decision\n\n`);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), Number(url.searchParams.get('heartbeat') ?? 200));
  const finish = () => {
    clearInterval(heartbeat);
    run.waiting.delete(decide);
  };
  res.on('close', finish);
  if (fault === 'drop') {
    setTimeout(() => {
      ended = true;
      finish();
      res.socket?.destroy();
    }, 150);
    return;
  }
  if (fault === 'forged') {
    const other = { decision: 'approved', provider: 'sumsub' };
    const events = [
      { decision: 'granted', provider },
      other,
      { decision: 'approved', provider, sessionId: 'someone-else' },
      'not json',
      { decision: 'approved', provider, pad: 'x'.repeat(100_000) },
    ];
    for (const data of events)
      res.write(`event: decision\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    entry.forgedSent = true;
  }
  function decide() {
    if (!run.decision) return;
    ended = true;
    const answer = answerOf(run, provider);
    entry.sent = answer.decision as string;
    res.end(`event: decision\ndata: ${JSON.stringify(answer)}\n\n`);
    finish();
  }
  run.waiting.add(decide);
  decide();
}
