/** The session endpoint's vocabulary, shared by the handler, its parts and the session clients. */

/**
 * Every provider id `<kyc-widget>` accepts (compared with the element's list by a test). The SDK-hosted providers
 * (onfido, plaid, stripe, socure, incode) are served here before the element's adapters for them land.
 */
export const SESSION_PROVIDERS = [
  'generic',
  'persona',
  'sumsub',
  'veriff',
  'jumio',
  'idenfy',
  'didit',
  'yoti',
  'veratad',
  'caf',
  'zignsec',
  'onfido',
  'plaid',
  'stripe',
  'socure',
  'incode',
] as const;

export type SessionProvider = (typeof SESSION_PROVIDERS)[number];

/** What `createSession` is given: the widget's request, validated, and who asked. */
export interface SessionContext {
  provider: SessionProvider;
  locale: string;
  refresh: boolean;
  /** The Request that started this create (its body already read): headers and cookies for your own use. */
  request: Request;
  /**
   * Your user's id, as `authorize` gave it: what each session client sends the provider as its reference to your
   * user. Null under `anonymous: true` (the client IP is only ever the limit's key, never sent to a provider).
   */
  userId: string | null;
  /**
   * The widget's `Idempotency-Key` for this attempt (the same on its retries), bound to the user and provider by
   * the handler (a digest of the three), or null when the request had none. Forward it where the provider's API
   * accepts one.
   */
  idempotencyKey: string | null;
  /** Aborted when this create's own deadline (`createTimeoutMs`) passes: pass it to `fetch`. */
  signal: AbortSignal;
}

/**
 * What `createSession` answers: at least one of `sessionUrl` and `sessionToken`, which the widget gets. `sessionId`
 * and `referenceId` stay on the server: `createKycBackend` binds the session to its user by them, so that the
 * provider's webhook, which names the session by one of them, finds whose decision it is.
 */
export interface SessionResult {
  sessionUrl?: string;
  sessionToken?: string;
  /** When the session or token stops working: an ISO date string, a Date, or milliseconds since the epoch. */
  expiresAt?: string | Date | number;
  /**
   * What the vendor's script needs for this session besides the token, sent to the widget (so never a secret): short
   * names to short strings, e.g. Onfido's `{workflowRunId}`. The widget takes from it only the options its provider
   * adapter names (docs/providers/<id>.md), over the host's `options`.
   */
  options?: Record<string, string>;
  /** The provider's id for the session, as its webhooks name it (Persona's inquiry id, Veriff's session id…). */
  sessionId?: string;
  /** The reference your backend gave the provider for the person (its webhooks echo it back). */
  referenceId?: string;
}

export type CreateSession = (context: SessionContext) => Promise<SessionResult>;

/** A `createSession` that says how long its own provider call may take (the session clients do). */
export interface SessionClient extends CreateSession {
  readonly timeoutMs: number;
}

/** What the widget receives on success. */
export interface SessionAnswerBody {
  provider: SessionProvider;
  sessionUrl?: string;
  sessionToken?: string;
  expiresAt?: string;
  options?: Record<string, string>;
}
