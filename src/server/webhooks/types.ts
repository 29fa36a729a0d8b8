/**
 * The verifier's public types and the contract between `verify.ts` and one provider's scheme file.
 */

/** What the provider decided, normalized. `null`: this event carries no decision (started, submitted, expired…). */
export type WebhookDecision = 'approved' | 'declined' | 'review' | null;

/**
 * Why a webhook was refused:
 * - `unavailable`: the provider's verification key could not be fetched (Plaid's key endpoint down or refusing your
 *   keys): nothing is known about the webhook yet; answer 503 so that the provider retries.
 * - `missing-signature`: the provider's signature header (or its timestamp header) is absent.
 * - `bad-signature`: a signature is there but matches none of the secrets (also: an unreadable signature header).
 * - `stale`: the signature is valid but its timestamp is outside `toleranceSeconds` (a replay, or a wrong clock).
 * - `malformed`: the call or the body cannot be used: a parsed object instead of the raw bytes, no secret, junk
 *   options, a signed body that is not a JSON object.
 * - `unsigned-provider`: the provider does not sign its webhooks; authenticate them another way (docs/webhooks.md).
 * - `unknown-provider`: not a provider id this verifier knows.
 */
export type WebhookFailureReason =
  | 'missing-signature'
  | 'bad-signature'
  | 'stale'
  | 'malformed'
  | 'unsigned-provider'
  | 'unknown-provider'
  | 'unavailable';

export type WebhookResult =
  | {
      ok: true;
      provider: string;
      /** The provider's own event or status name; `''` when the body names none. */
      event: string;
      /**
       * The de-duplication key: the provider's own event or delivery id where it sends one (Persona's event id,
       * Sumsub's correlationId, the generic `webhook-id`), else `sha256:` and the hex SHA-256 of the raw body. A
       * replay of a captured delivery, with any headers, has the same `eventId`.
       */
      eventId: string;
      /** When the event occurred, as an ISO date, from the signed payload where it carries a time. */
      occurredAt?: string;
      /** The parsed body (authentic, but read it field by field as data). */
      payload: Record<string, unknown>;
      /** The same id the widget reports as `detail.sessionId` for this provider, where the webhook carries it. */
      sessionId?: string;
      /** Your own reference for the person, where the provider echoes one back. */
      referenceId?: string;
      decision: WebhookDecision;
    }
  | {
      ok: false;
      provider: string;
      reason: WebhookFailureReason;
      /** A sentence for your logs. Never contains a secret, a signature or the body. */
      message?: string;
    };

/** A header map as frameworks hand it over: a `Headers` object, or a plain record (node:http gives arrays too). */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The exact bytes received: a string, a Uint8Array (a Node Buffer is one) or an ArrayBuffer. Never parsed JSON. */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The request's headers; names are matched in any letter case. */
  headers: WebhookHeaders;
  /**
   * The webhook secret, or several during a rotation: any one that matches is enough. Required for every provider
   * that signs with a shared secret (all but Plaid, which takes `keys`).
   */
  secret?: string | readonly string[];
  /** For timestamped schemes: how far the signed time may be from `now`, either way. Default 300 seconds. */
  toleranceSeconds?: number;
  /** The current time in milliseconds since the epoch (for tests). Default `Date.now()`. */
  now?: number;
  /**
   * Sumsub only: the digest algorithms accepted, as Sumsub names them in `X-Payload-Digest-Alg`. Default
   * `['HMAC_SHA256_HEX', 'HMAC_SHA512_HEX']`: the sender cannot pick SHA-1 unless you list `'HMAC_SHA1_HEX'`.
   */
  algorithms?: readonly SumsubAlgorithm[];
  /**
   * Plaid only, instead of `secret`: where the verification keys come from, `plaidWebhooks({ clientId, secret,
   * environment })`, which fetches each key from Plaid and caches it.
   */
  keys?: WebhookKeys;
}

/** A provider's public verification key, looked up by the `kid` of a signed token. */
export type WebhookKeyLookup =
  { found: true; jwk: JsonWebKey; expired: boolean } | { found: false; unavailable: boolean; message: string };

/** The verification keys of a provider that signs with a key pair (Plaid). */
export interface WebhookKeys {
  key(kid: string): Promise<WebhookKeyLookup>;
}

export type SumsubAlgorithm = 'HMAC_SHA1_HEX' | 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX';

/** What a scheme sees: the request, already checked for types. */
export interface SignedRequest {
  body: Uint8Array;
  /** Every value of a header, in any letter case; `[]` when absent. */
  header(name: string): string[];
  secrets: readonly string[];
  nowSeconds: number;
  toleranceSeconds: number;
  /** Sumsub's accepted algorithms (the default, or the host's `algorithms`). */
  algorithms: readonly SumsubAlgorithm[];
  /** Plaid's key source (the host's `keys`). */
  keys?: WebhookKeys;
}

/** A verified request; a scheme whose signed headers carry the event's id or time passes them on. */
export type Verdict =
  | { ok: true; eventId?: string; signedAtSeconds?: number; occurredAtMs?: number }
  | { ok: false; reason: WebhookFailureReason; message: string };

/** The normalized content of an authentic body. */
export interface Normalized {
  event: string;
  /** The provider's event id from the body, where it has one. */
  eventId?: string;
  /** Milliseconds since the epoch, from the body, where it has a time. */
  occurredAtMs?: number;
  sessionId?: string;
  referenceId?: string;
  decision: WebhookDecision;
}

/** One provider's signature scheme and payload normalization. */
export interface WebhookScheme {
  /** Verified with a key source (`keys`) rather than shared secrets (Plaid). */
  keyed?: boolean;
  verify(request: SignedRequest): Promise<Verdict>;
  /** A scheme-specific problem with a secret (beyond the common checks), or undefined. */
  checkSecret?(secret: string): string | undefined;
  /** Runs only on a verified body that parsed as a JSON object. Never throws (the caller guards it anyway). */
  normalize(body: Record<string, unknown>): Normalized;
}

/** A provider that documents no signature: what to do instead, said once in the refusal. */
export interface UnsignedProvider {
  unsigned: string;
}
