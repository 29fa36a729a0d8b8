import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/**
 * A session endpoint for `provider="auto"` on the test page's own origin, speaking the wire any host backend speaks:
 * POST /__kyc/auto?id=<run>&answers=<JSON array> answers each request with the next answer (the last repeats), each
 * `{status, body, delayMs?}` (200 with the provider it chose and its session; 502/503 naming the provider that failed, or
 * `{"error": {"code": "no-provider"}}`, as the server companion answers). GET /__kyc/auto/log?id=<run> returns each request's JSON body, in order.
 */
interface Answer {
  status: number;
  body: unknown;
  /** How long the endpoint takes to answer (a backend's work), ms. */
  delayMs?: number;
}

const runs = new Map<string, unknown[]>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

function send(res: ServerResponse, status: number, data: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(data));
}

export function autoEndpoint(): Plugin {
  return {
    name: 'kyc:test-auto-endpoint',
    configureServer(server) {
      server.middlewares.use('/__kyc/auto', (req, res) => void answer(req, res));
    },
  };
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://test.invalid');
  const id = url.searchParams.get('id') ?? '';
  const log = runs.get(id) ?? [];
  runs.set(id, log);
  if (req.method === 'GET' && url.pathname === '/log') return send(res, 200, log);
  log.push(JSON.parse((await readBody(req)) || 'null'));
  const answers = JSON.parse(url.searchParams.get('answers') ?? '[]') as Answer[];
  const next = answers[Math.min(log.length - 1, answers.length - 1)];
  if (!next) return send(res, 500, { error: 'no answer scripted' });
  if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
  send(res, next.status, next.body);
}
