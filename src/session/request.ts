import { safeUrl } from '../frame/allow';
import { isPlainObject } from '../frame/json';
import { randomId } from '../providers/url';

/**
 * The session endpoint's request and the reading of its answer (README "Sessions from your backend"): with a
 * `session-endpoint` the element's stand-in sends the first request itself, at once, while the runtime downloads;
 * the runtime's session client (runtime/session-client.ts) takes that request as its first try, and reads every
 * answer with the same `readAnswer`.
 */

export interface SessionRequest {
  provider: string;
  locale: string;
  refresh: boolean;
  /** With `provider: "auto"`: the providers that failed in this attempt (flow/failover.ts). */
  failed?: readonly { provider: string; code: string }[];
}

export interface SessionAnswer {
  sessionUrl?: string;
  sessionToken?: string;
  provider?: string;
  expiresAt?: string;
  /** Instead of a session: this person's verification is already decided (kyc-widget/server's createKycBackend). */
  decision?: 'approved' | 'declined' | 'review';
  /**
   * What the vendor's script needs for this session besides the token (Onfido's `workflowRunId`). Only the names the
   * provider lists (`answerOptions`), and only strings of at most 256 characters, are taken (element/resolve.ts
   * `withAnswer`); the provider's builder checks them as it checks the host's options.
   */
  options?: Record<string, unknown>;
}

export const SESSION_TIMEOUT_MS = 10_000;

/** One request to the endpoint as it leaves the page; the client reads and judges its answer. */
export interface SessionTry {
  /** Its `Idempotency-Key`: one per attempt, the same on the attempt's retries (kyc-widget/server joins them). */
  key: string;
  response: Promise<Response>;
  /** This try's own timeout (SESSION_TIMEOUT_MS from when it was sent). */
  timeout: AbortSignal;
  /** Stops this try (the element left the page, or the endpoint changed). */
  abort: AbortController;
}

/**
 * POSTs `body` to the endpoint: same-origin credentials, JSON both ways, never cached, bounded by a timeout. `key`:
 * the attempt's Idempotency-Key (a new one when none is given: a new attempt).
 */
export function postSession(
  endpoint: URL,
  body: SessionRequest,
  key = randomId(''),
  doFetch: typeof fetch = fetch,
  timeoutMs = SESSION_TIMEOUT_MS,
): SessionTry {
  const abort = new AbortController();
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = doFetch(endpoint.href, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.any([abort.signal, timeout]),
    cache: 'no-store',
  });
  return { key, response, timeout, abort };
}

/** Validates the answer's shape: only known fields, of the right types, reach the widget. */
export function readAnswer(data: unknown, endpoint: URL): SessionAnswer | null {
  if (!isPlainObject(data)) return null;
  const answer: SessionAnswer = {};
  if (typeof data.sessionUrl === 'string' && data.sessionUrl) {
    const url = safeUrl(data.sessionUrl, 'sessionUrl', endpoint.href);
    if (!(url instanceof URL)) return null;
    answer.sessionUrl = url.href;
  }
  if (typeof data.sessionToken === 'string' && data.sessionToken) answer.sessionToken = data.sessionToken;
  if (typeof data.provider === 'string' && data.provider) answer.provider = data.provider;
  if (typeof data.expiresAt === 'string' && !Number.isNaN(Date.parse(data.expiresAt)))
    answer.expiresAt = data.expiresAt;
  if (data.decision === 'approved' || data.decision === 'declined' || data.decision === 'review')
    answer.decision = data.decision;
  // Read name by name, only those its provider lists (element/resolve.ts `withAnswer`).
  if (isPlainObject(data.options)) answer.options = data.options;
  return answer.sessionUrl || answer.sessionToken || answer.decision ? answer : null;
}
