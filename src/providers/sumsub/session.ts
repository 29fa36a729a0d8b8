import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { compact } from '../../server/webhooks/fields';
import {
  hmacSha256Hex,
  requireSecret,
  requireString,
  sessionClient,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Sumsub: an access token for the WebSDK, `POST /resources/accessTokens/sdk` with `{userId, levelName,
 * ttlInSecs}` (https://docs.sumsub.com/reference/generate-access-token), answered `{token, userId}`.
 * Every call is signed (https://docs.sumsub.com/reference/authentication): `X-App-Token`, `X-App-Access-Ts`
 * (seconds since the epoch) and `X-App-Access-Sig`, the lowercase hex HMAC-SHA256 with the secret key of
 * ts + METHOD + path with query + the body exactly as sent. Sumsub documents no idempotency key: a token is for
 * the one applicant of that `userId`, so a repeated call gives another token for the same applicant.
 */

export const SUMSUB_API = 'https://api.sumsub.com';
const PATH = '/resources/accessTokens/sdk';

export interface SumsubSessionOptions extends ClientOptions {
  appToken: string;
  secretKey: string;
  /** The verification level, as named in Sumsub's dashboard. */
  levelName: string;
  /** The token's lifetime in seconds (default 600). */
  ttlInSecs?: number;
  /**
   * Sent to the widget as `sessionUrl`: the WebSDK frame's base (`https://api.sumsub.com` for older accounts,
   * or a sandbox), as the widget's `session-url` takes it for Sumsub. Default: none (the widget's own default).
   */
  frameBaseUrl?: string;
  /** For tests: the clock, in ms. */
  now?: () => number;
}

/** The user id (`authorize`'s) is Sumsub's `userId`, the applicant's external id: required (401 without one). */
export function sumsubSessions(options: SumsubSessionOptions): SessionClient {
  const appToken = requireSecret(options.appToken, 'appToken', 'sumsubSessions');
  const secretKey = requireSecret(options.secretKey, 'secretKey', 'sumsubSessions');
  const levelName = requireString(options.levelName, 'levelName', 'sumsubSessions');
  const ttlInSecs = options.ttlInSecs ?? 600;
  const now = options.now ?? Date.now;
  return sessionClient(options, {
    provider: 'sumsub',
    api: SUMSUB_API,
    needsUser: true,
    async create(context, api) {
      const url = api.url(PATH);
      const body = JSON.stringify({ userId: context.userId, levelName, ttlInSecs });
      const ts = String(Math.floor(now() / 1000));
      const signature = await hmacSha256Hex(secretKey, ts + 'POST' + url.pathname + url.search + body);
      const started = now();
      const headers = { 'X-App-Token': appToken, 'X-App-Access-Ts': ts, 'X-App-Access-Sig': signature };
      const data = await api.post('access token', url, headers, body);
      const token = stringField(data, 'token');
      if (!token) throw new ProviderCallFailed('sumsub', 'access token: no token in the answer');
      // The answer names no applicant id (the applicant may not exist until the WebSDK starts): the session is bound
      // by the userId, which Sumsub's webhooks echo as externalUserId.
      return compact({
        sessionToken: token,
        expiresAt: started + ttlInSecs * 1000,
        sessionUrl: options.frameBaseUrl,
        referenceId: context.userId!,
      });
    },
  });
}
