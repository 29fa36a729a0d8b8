/** The HTTP pieces of the backend's routes: JSON answers, CORS for the decision endpoint, a bounded body read. */
import type { KycBackendOptions } from './backend';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

export function failure(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code, message } }, headers);
}

/**
 * The CORS headers for a decision request: none for a same-origin request (no Origin header, as browsers send
 * GETs), the allowed origin echoed for a cross-origin one; undefined for an origin that is not allowed.
 */
export function corsOf(
  request: Request,
  allowed: KycBackendOptions['allowedOrigins'],
): Record<string, string> | undefined {
  const origin = request.headers.get('Origin');
  if (origin === null) return {};
  if (new URL(request.url).origin === origin) return {};
  return isAllowed(origin, request, allowed)
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' }
    : undefined;
}

/** The body's bytes, bounded in size and in time; else the status to answer (413, 408, 400). */
export async function readBody(request: Request, limit: number, timeoutMs: number): Promise<Uint8Array | number> {
  const declared = Number(request.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) return 413;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        void reader.cancel().catch(() => undefined);
        return 408;
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        return 413;
      }
      chunks.push(next.value);
    }
  } catch {
    return 400;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isAllowed(origin: string, request: Request, allowed: KycBackendOptions['allowedOrigins']): boolean {
  try {
    return typeof allowed === 'function' ? allowed(origin, request) === true : allowed.includes(origin);
  } catch {
    return false;
  }
}
