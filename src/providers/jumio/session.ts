import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { isSessionUrl } from '../../server/values';
import { compact, idOf } from '../../server/webhooks/fields';
import {
  endpoint,
  requireSecret,
  sessionClient,
  stringField,
  type ClientOptions,
  type ProviderApi,
} from '../../server/providers/call';

/**
 * Jumio (KYX platform), two calls (https://documentation.jumio.ai/docs/developer-resources/API/authorization,
 * …/API/CreateUpdateAccounts/creating-and-updating-accounts):
 * 1. an OAuth2 access token, `POST https://auth.<region>.jumio.ai/oauth2/token`, HTTP Basic with the client id and
 *    secret, form body `grant_type=client_credentials` → `{access_token, expires_in: 3600, token_type: "Bearer"}`;
 *    reused until shortly before it expires ("do not call the /auth endpoint before every transaction");
 * 2. an account, `POST https://account.<region>.jumio.ai/api/v1/accounts` with `Authorization: Bearer <token>` and
 *    `{customerInternalReference, userReference?, workflowDefinition: {key}, tokenLifetime?, callbackUrl?}` → the
 *    account's `account.id`, `web.href` (the hosted web client, with its authorization token), `sdk.token` (the
 *    token for Jumio's SDKs) and `workflowExecution.id` (the transaction the callbacks name).
 * The widget gets `web.href` as `sessionUrl` (the hosted page, as the `jumio` frame adapter opens it) and
 * `sdk.token` as `sessionToken`. Unsure: Jumio's pages describe `sdk.token` for the mobile SDKs; that the
 * `<jumio-sdk>` web component takes the same token is inferred (its `web.href` carries the same kind of
 * authorization token to the same `web-sdk.<region>.jumio.ai/websdk/v4/api`), not stated.
 */

export type JumioRegion = 'amer-1' | 'emea-1' | 'apac-1';

export interface JumioSessionOptions extends ClientOptions {
  clientId: string;
  clientSecret: string;
  /** Your account's data centre (default `amer-1`, the US). */
  region?: JumioRegion;
  /** The workflow definition's key (e.g. 10011, ID and identity verification). */
  workflowKey: number;
  /** Jumio's `tokenLifetime`, `5m` to `60d` (default `30m`). */
  tokenLifetime?: string;
  callbackUrl?: string;
  /** Where the OAuth2 token comes from (default `https://auth.<region>.jumio.ai`). `baseUrl` is the account API's. */
  authUrl?: string;
  /** Jumio's examples send a User-Agent naming the integration (default `kyc-widget`). */
  userAgent?: string;
  now?: () => number;
}

/** The region's `dc` as `<jumio-sdk>` names it (`@jumio/websdk@0.3.19`: `us`, `eu`, `sgp`). */
const DATA_CENTRES: Record<JumioRegion, string> = { 'amer-1': 'us', 'emea-1': 'eu', 'apac-1': 'sgp' };

const LIFETIME = /^(\d{1,7})([smhd])$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The user id (`authorize`'s) is sent as `userReference` ("must not contain any PII": your opaque id). */
export function jumioSessions(options: JumioSessionOptions): SessionClient {
  const clientId = requireSecret(options.clientId, 'clientId', 'jumioSessions');
  const clientSecret = requireSecret(options.clientSecret, 'clientSecret', 'jumioSessions');
  const region = options.region ?? 'amer-1';
  if (!['amer-1', 'emea-1', 'apac-1'].includes(region))
    throw new TypeError('jumioSessions: region must be amer-1, emea-1 or apac-1');
  if (!Number.isSafeInteger(options.workflowKey) || options.workflowKey < 1)
    throw new TypeError('jumioSessions: workflowKey must be the workflow definition key (a number)');
  const lifetime = LIFETIME.exec(options.tokenLifetime ?? '30m');
  const lifetimeMs = lifetime ? Number(lifetime[1]) * UNIT_MS[lifetime[2]!]! : NaN;
  if (!(lifetimeMs >= 5 * 60_000 && lifetimeMs <= 60 * 86_400_000))
    throw new TypeError("jumioSessions: tokenLifetime must be between '5m' and '60d' (e.g. '30m', '1d')");
  const authUrl = options.authUrl ?? `https://auth.${region}.jumio.ai`;
  const now = options.now ?? Date.now;
  const userAgent = options.userAgent ?? 'kyc-widget';
  const basic = `Basic ${base64(`${clientId}:${clientSecret}`)}`;
  let access: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function accessToken(api: ProviderApi): Promise<string> {
    if (access && access.until > now()) return access.token;
    pending ??= (async () => {
      const headers = {
        Authorization: basic,
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': userAgent,
      };
      const data = await api.post(
        'access token',
        endpoint(authUrl, '/oauth2/token'),
        headers,
        'grant_type=client_credentials',
      );
      const token = stringField(data, 'access_token');
      if (!token) throw new ProviderCallFailed('jumio', 'access token: no access_token in the answer');
      const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 3600;
      // A minute early, so that a token never expires between this check and Jumio reading it.
      access = { token, until: now() + Math.max(0, expiresIn - 60) * 1000 };
      return token;
    })().finally(() => (pending = null));
    return pending;
  }

  return sessionClient(options, {
    provider: 'jumio',
    api: `https://account.${region}.jumio.ai`,
    needsUser: false,
    async create(context, api) {
      const token = await accessToken(api);
      const body: Record<string, unknown> = {
        // Jumio's reference for this request (no PII, at most 100 characters): the widget's attempt, or a new one.
        customerInternalReference: context.idempotencyKey ?? crypto.randomUUID(),
        workflowDefinition: { key: options.workflowKey },
        tokenLifetime: options.tokenLifetime ?? '30m',
      };
      if (context.userId) body.userReference = context.userId;
      if (options.callbackUrl) body.callbackUrl = options.callbackUrl;
      const started = now();
      const headers = { Authorization: `Bearer ${token}`, 'User-Agent': userAgent };
      let data: Record<string, unknown>;
      try {
        data = await api.post('account', api.url('/api/v1/accounts'), headers, JSON.stringify(body));
      } catch (error) {
        // A token Jumio no longer takes is dropped, so that the widget's retry gets a new one.
        if (error instanceof ProviderCallFailed && error.status === 401) access = null;
        throw error;
      }
      const href = stringField(data, 'web', 'href');
      const sdkToken = stringField(data, 'sdk', 'token');
      if (!sdkToken && !href) throw new ProviderCallFailed('jumio', 'account: no web.href or sdk.token in the answer');
      return compact({
        sessionUrl: href && isSessionUrl(href) ? href : undefined,
        sessionToken: sdkToken,
        // `<jumio-sdk>` calls the data centre its `dc` names, which must be the account's (the widget's `jumio`
        // with `options.sdk` takes it from here; the hosted page's `web.href` is already the region's).
        options: { dc: DATA_CENTRES[region] },
        expiresAt: started + lifetimeMs,
        sessionId: idOf(stringField(data, 'workflowExecution', 'id')),
        referenceId: context.userId ?? undefined,
      });
    },
  });
}

/** Base64 of the UTF-8 bytes (btoa alone takes only Latin-1). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
