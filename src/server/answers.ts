import type { SessionAnswerBody, SessionProvider, SessionResult } from './session-types';
import { isoDate, isPlainObject, isSessionUrl } from './values';

/** What the browser gets: JSON, never cached, an error only as `{error: {code, message}}`. */

const MAX_TOKEN_LENGTH = 8192;
/** A session's options (`SessionResult.options`): a few short names to short strings (ids, a region). */
const OPTION_NAME = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
const MAX_OPTIONS = 8;
const MAX_OPTION_LENGTH = 256;

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

/** Checks what `createSession` gave; only known, well-formed fields are kept (expiresAt as an ISO string). */
export function readResult(result: unknown): SessionResult | null {
  if (!isPlainObject(result)) return null;
  const clean: SessionResult = {};
  const { sessionUrl, sessionToken, expiresAt, options } = result;
  if (sessionUrl !== undefined) {
    if (typeof sessionUrl !== 'string' || !isSessionUrl(sessionUrl)) return null;
    clean.sessionUrl = sessionUrl;
  }
  if (sessionToken !== undefined) {
    if (typeof sessionToken !== 'string' || !sessionToken || sessionToken.length > MAX_TOKEN_LENGTH) return null;
    clean.sessionToken = sessionToken;
  }
  if (expiresAt !== undefined) {
    const iso = isoDate(expiresAt);
    if (!iso) return null;
    clean.expiresAt = iso;
  }
  if (options !== undefined) {
    const checked = optionsOf(options);
    if (!checked) return null;
    clean.options = checked;
  }
  return clean.sessionUrl || clean.sessionToken ? clean : null;
}

export function answerBody(provider: SessionProvider, result: SessionResult): SessionAnswerBody {
  const answer: SessionAnswerBody = { provider };
  if (result.sessionUrl) answer.sessionUrl = result.sessionUrl;
  if (result.sessionToken) answer.sessionToken = result.sessionToken;
  if (typeof result.expiresAt === 'string') answer.expiresAt = result.expiresAt;
  if (result.options && Object.keys(result.options).length) answer.options = result.options;
  return answer;
}

/** `options` as the browser may get them, or null when any entry is not a short name to a short string. */
function optionsOf(options: unknown): Record<string, string> | null {
  if (!isPlainObject(options)) return null;
  const entries = Object.entries(options);
  if (entries.length > MAX_OPTIONS) return null;
  const clean: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!OPTION_NAME.test(name) || typeof value !== 'string' || value.length > MAX_OPTION_LENGTH) return null;
    clean[name] = value;
  }
  return clean;
}
