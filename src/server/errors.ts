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
 * the provider's body, which may echo keys or personal data); the session handler answers 502 for it.
 */
export class ProviderCallFailed extends Error {
  readonly provider: string;
  readonly status?: number;

  constructor(provider: string, what: string, status?: number) {
    super(`${provider}: ${what}`);
    this.name = 'ProviderCallFailed';
    this.provider = provider;
    this.status = status;
  }
}
