/**
 * A refusal the host's `createSession` (or a session client) means to send to the browser as it is: a
 * 4xx with a code and a message written for the person's browser, never a provider's words. Anything
 * else thrown by `createSession` becomes a generic 502.
 *
 * ```ts
 * if (!user) throw new SessionRefusal(401, 'unauthenticated', 'Sign in to verify your identity.');
 * ```
 */
export class SessionRefusal extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429;
  readonly code: string;

  constructor(status: SessionRefusal['status'], code: string, message: string) {
    super(message);
    this.name = 'SessionRefusal';
    this.status = status;
    this.code = code;
  }
}

/**
 * A provider's API did not give a usable session. Its message is generic on purpose (the status, never
 * the provider's body, which may echo keys or personal data); the session handler answers 502 for it, or 503 with
 * the provider's own Retry-After when the provider said it is busy (429) or unavailable (503).
 */
export class ProviderCallFailed extends Error {
  readonly provider: string;
  readonly status?: number;
  /** The provider's Retry-After, in seconds, when it sent one. */
  readonly retryAfterSeconds?: number;

  constructor(provider: string, what: string, status?: number, retryAfterSeconds?: number) {
    super(`${provider}: ${what}`);
    this.name = 'ProviderCallFailed';
    this.provider = provider;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in seconds or as an HTTP date → whole seconds from `now` (undefined when absent or unreadable). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The store (PostgreSQL, Redis, your own) did not answer within its deadline (`createKycBackend`'s
 * `storeTimeoutMs`). The routes answer 503 with `Retry-After` for it; `decisionOf` throws it.
 */
export class StoreUnavailable extends Error {
  readonly operation: string;

  constructor(operation: string, timeoutMs: number) {
    super(`the store did not answer ${operation} within ${timeoutMs} ms`);
    this.name = 'StoreUnavailable';
    this.operation = operation;
  }
}
