import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/**
 * A scripted session endpoint on the test page's own origin (as a host's backend would be), for the
 * browser tests: POST /__kyc/session?id=<run>&plan=fail,ok,token:t2&url=<sessionUrl>&token=<t>
 * answers each request with the next step of the plan (the last step repeats):
 *   ok        200 {sessionUrl: url, sessionToken: token}
 *   token:<t> 200 {sessionUrl: url, sessionToken: t}
 *   fail      503 (the client backs off)
 *   quickfail 503 with Retry-After: 0 (for tests where the backoff is not under test)
 *   slow      200 like ok, after 300 ms
 *   http500   500; http429: 429 with Retry-After: 1
 *   badjson   200 with a body that is not JSON; shape: 200 with {sessionUrl: 42}
 *   drop      the connection is destroyed without an answer
 *   expired   200 like ok, with an expiresAt a minute in the past
 *   hang      never answers
 *   decided:<d>  200 {decision: d} instead of a session (this person's verification is already decided)
 * GET /__kyc/session/log?id=<run> returns what each request sent (its body and Idempotency-Key), and whether it
 * was aborted.
 */
interface Logged {
  body: unknown;
  /** The request's Idempotency-Key header. */
  key?: string;
  aborted: boolean;
}

const runs = new Map<string, Logged[]>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

function send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(data));
}

export function sessionEndpoint(): Plugin {
  return {
    name: 'kyc:test-session-endpoint',
    configureServer(server) {
      server.middlewares.use('/__kyc/session', (req, res) => void scripted(req, res));
      server.middlewares.use('/__kyc/server/onfido', (req, res) => void onfidoEndpoint(req, res));
    },
  };
}

/**
 * The server half itself as the session endpoint: POST /__kyc/server/onfido?api=<sandbox origin> is
 * `createSessionHandler` with `onfidoSessions` (a workflow run, as a Studio integration makes) against the sandbox's
 * stand-in of Onfido's API (a loopback origin only), the page's own origin allowed.
 */
async function onfidoEndpoint(req: IncomingMessage, res: ServerResponse) {
  const api = new URL(req.url ?? '/', 'http://test.invalid').searchParams.get('api') ?? '';
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(api)) return send(res, 400, { error: 'api: the sandbox origin' });
  const [{ createSessionHandler, onfidoSessions, toNodeHandler }, { SANDBOX_API_KEYS }] = await Promise.all([
    import('../../src/server/index'),
    import('../../sandbox/keys.mjs'),
  ]);
  const handler = createSessionHandler({
    createSession: onfidoSessions({
      apiToken: SANDBOX_API_KEYS.onfido.apiToken,
      workflowId: 'wf-browser-tests',
      applicant: () => ({ first_name: 'Test', last_name: 'Person' }),
      baseUrl: api,
    }),
    anonymous: true,
    allowedOrigins: [`http://${req.headers.host}`],
  });
  toNodeHandler(handler)(req, res);
}

/** The scripted endpoint: `plan` says what each successive request of one `id` gets. */
async function scripted(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://test.invalid');
  const id = url.searchParams.get('id') ?? '';
  const log = runs.get(id) ?? [];
  runs.set(id, log);
  if (req.method === 'GET' && url.pathname === '/log') return send(res, 200, log);
  const key = req.headers['idempotency-key'];
  const entry: Logged = { body: JSON.parse((await readBody(req)) || 'null'), key: key as string, aborted: false };
  log.push(entry);
  let answered = false;
  res.on('close', () => {
    if (!answered) entry.aborted = true;
  });
  const plan = (url.searchParams.get('plan') ?? 'ok').split(',');
  const step = plan[Math.min(log.length - 1, plan.length - 1)];
  const answer = (token = url.searchParams.get('token') ?? undefined) => {
    answered = true;
    send(res, 200, { sessionUrl: url.searchParams.get('url') ?? undefined, sessionToken: token });
  };
  if (step === 'hang') return;
  if (step === 'fail' || step === 'quickfail') {
    answered = true;
    return send(res, 503, { error: 'scripted failure' }, step === 'quickfail' ? { 'Retry-After': '0' } : {});
  }
  if (step === 'slow') return void setTimeout(() => answer(), 300);
  if (step === 'http500' || step === 'http429') {
    answered = true;
    return send(res, step === 'http500' ? 500 : 429, { error: step }, step === 'http429' ? { 'Retry-After': '1' } : {});
  }
  if (step === 'badjson') {
    answered = true;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end('{"sessionUrl": ');
  }
  if (step === 'shape') {
    answered = true;
    return send(res, 200, { sessionUrl: 42, sessionToken: ['x'] });
  }
  if (step === 'drop') {
    answered = true;
    return res.socket?.destroy();
  }
  if (step === 'expired') {
    answered = true;
    return send(res, 200, {
      sessionUrl: url.searchParams.get('url') ?? undefined,
      expiresAt: new Date(Date.now() - 60000).toISOString(),
    });
  }
  if (step.startsWith('token:')) return answer(step.slice(6));
  if (step.startsWith('decided:')) {
    answered = true;
    return send(res, 200, { provider: 'generic', decision: step.slice(8) });
  }
  return answer();
}
