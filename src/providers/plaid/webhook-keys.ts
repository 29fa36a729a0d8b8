import { ProviderCallFailed } from '../../server/errors';
import type { WebhookDecision, WebhookKeyLookup, WebhookKeys } from '../../server/webhooks/types';
import { idOf, isRecord, isoTimeOf, referenceOf } from '../../server/webhooks/fields';
import { callProvider, endpoint, PROVIDER_TIMEOUT_MS, requireSecret, stringField } from '../../server/providers/call';
import { plaidHeaders, plaidHost, type PlaidEnvironment } from './session';

/**
 * Plaid's side of its webhooks, with your keys: the verification keys (`POST /webhook_verification_key/get
 * {key_id}` → `{key: {alg, crv, kid, kty, use, x, y, created_at, expired_at}}`, plaid@47.0.0 api.ts
 * `WebhookVerificationKeyGetRequest`, `JWKPublicKey`) and the status of an identity verification
 * (`POST /identity_verification/get {identity_verification_id}` → `{id, client_user_id, status, completed_at, …}`,
 * api.ts `IdentityVerificationGetResponse`, `IdentityVerificationStatus`). An IDV webhook says only that a status
 * changed (`STATUS_UPDATED`, api.ts `IdentityVerificationStatusUpdatedWebhook`): the decision is read here.
 *
 * Keys are cached by kid. A key whose `expired_at` is set is expired (Plaid's example refuses it); one that is not
 * is looked up again after `keyMaxAgeMs`, so an expiry Plaid sets later is seen within that time. A kid Plaid does
 * not know is remembered as unknown for 5 minutes, and new kids are fetched at most `fetchesPerMinute` times a
 * minute: forged headers full of made-up kids cannot turn this endpoint into a stream of calls to Plaid.
 */

export interface PlaidWebhooksOptions {
  clientId: string;
  secret: string;
  environment: PlaidEnvironment;
  /** Plaid's API elsewhere (a local stand-in in tests). Default: the environment's host. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per call (default 40 000 ms). */
  timeoutMs?: number;
  /** How long a key that is not expired is trusted before it is looked up again (default 10 minutes). */
  keyMaxAgeMs?: number;
  /** Lookups of kids not in the cache, per minute (default 20). */
  fetchesPerMinute?: number;
  now?: () => number;
}

/** What `/identity_verification/get` says, normalized. */
export interface PlaidVerificationStatus {
  sessionId: string;
  /** Plaid's status: `active`, `success`, `failed`, `expired`, `canceled`, `pending_review`. */
  status: string;
  decision: WebhookDecision;
  /** The `client_user_id` the link token was made for: your user id, with `plaidSessions`. */
  referenceId?: string;
  completedAt?: string;
}

export interface PlaidWebhooks extends WebhookKeys {
  identityVerification(identityVerificationId: string, signal?: AbortSignal): Promise<PlaidVerificationStatus>;
}

/** `active`, `expired` and `canceled` decide nothing (the person may go on, or never finished). */
const DECISIONS: Record<string, WebhookDecision> = {
  success: 'approved',
  failed: 'declined',
  pending_review: 'review',
};

const UNKNOWN_FOR_MS = 5 * 60_000;
const MAX_KEYS = 50;

interface CachedKey {
  jwk: JsonWebKey;
  expired: boolean;
  fetchedAt: number;
}

export function plaidWebhooks(options: PlaidWebhooksOptions): PlaidWebhooks {
  const clientId = requireSecret(options.clientId, 'clientId', 'plaidWebhooks');
  const secret = requireSecret(options.secret, 'secret', 'plaidWebhooks');
  const host = options.baseUrl ?? plaidHost(options.environment, 'plaidWebhooks');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const keyMaxAgeMs = options.keyMaxAgeMs ?? 10 * 60_000;
  const fetchesPerMinute = options.fetchesPerMinute ?? 20;
  const now = options.now ?? Date.now;
  const headers = plaidHeaders(clientId, secret);

  const keys = new Map<string, CachedKey>();
  const unknown = new Map<string, number>();
  const inFlight = new Map<string, Promise<WebhookKeyLookup>>();
  let budget = { start: 0, count: 0 };

  const post = (what: string, path: string, body: object, signal?: AbortSignal) =>
    callProvider({
      provider: 'plaid',
      what,
      url: endpoint(host, path),
      headers,
      body: JSON.stringify(body),
      doFetch,
      timeoutMs,
      signal,
    });

  async function fetchKey(kid: string, cached: CachedKey | undefined): Promise<WebhookKeyLookup> {
    let data: Record<string, unknown>;
    try {
      data = await post('verification key', '/webhook_verification_key/get', { key_id: kid });
    } catch (error) {
      const status = error instanceof ProviderCallFailed ? error.status : undefined;
      if (status === 400 || status === 404) {
        keys.delete(kid);
        unknown.set(kid, now() + UNKNOWN_FOR_MS);
        return { found: false, unavailable: false, message: `Plaid answered ${status} for it` };
      }
      // Plaid unreachable: a key already known stays usable until Plaid can be asked again.
      if (cached) return { found: true, jwk: cached.jwk, expired: cached.expired };
      return { found: false, unavailable: true, message: `the key could not be fetched (${String(error)})` };
    }
    const key = data.key;
    if (!isRecord(key) || key.kid !== kid || typeof key.x !== 'string' || typeof key.y !== 'string')
      return { found: false, unavailable: true, message: 'Plaid answered no usable key' };
    const jwk: JsonWebKey = { kty: String(key.kty), crv: String(key.crv), x: key.x, y: key.y };
    const entry = { jwk, expired: key.expired_at !== null && key.expired_at !== undefined, fetchedAt: now() };
    if (!keys.has(kid) && keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(kid, entry);
    return { found: true, jwk, expired: entry.expired };
  }

  function withinBudget(): boolean {
    const at = now();
    if (at - budget.start >= 60_000) budget = { start: at, count: 0 };
    budget.count++;
    return budget.count <= fetchesPerMinute;
  }

  return {
    key(kid) {
      const cached = keys.get(kid);
      if (cached && (cached.expired || now() - cached.fetchedAt < keyMaxAgeMs))
        return Promise.resolve({ found: true, jwk: cached.jwk, expired: cached.expired });
      const until = unknown.get(kid);
      if (until !== undefined && until > now())
        return Promise.resolve({ found: false, unavailable: false, message: 'Plaid did not know it a moment ago' });
      unknown.delete(kid);
      const running = inFlight.get(kid);
      if (running) return running;
      if (!cached && !withinBudget())
        return Promise.resolve({ found: false, unavailable: true, message: 'too many unknown kids this minute' });
      const lookup = fetchKey(kid, cached).finally(() => inFlight.delete(kid));
      inFlight.set(kid, lookup);
      return lookup;
    },

    async identityVerification(identityVerificationId, signal) {
      const id = idOf(identityVerificationId);
      if (!id) throw new TypeError('plaidWebhooks: not an identity verification id');
      const data = await post(
        'identity verification',
        '/identity_verification/get',
        { identity_verification_id: id },
        signal,
      );
      const status = stringField(data, 'status');
      if (stringField(data, 'id') !== id || !status)
        throw new ProviderCallFailed('plaid', 'identity verification: no status for this id in the answer');
      const completedAt = stringField(data, 'completed_at');
      return {
        sessionId: id,
        status,
        decision: DECISIONS[status] ?? null,
        referenceId: referenceOf(stringField(data, 'client_user_id')),
        completedAt: isoTimeOf(completedAt) === undefined ? undefined : completedAt,
      };
    },
  };
}
