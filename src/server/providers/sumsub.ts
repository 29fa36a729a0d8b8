import { ProviderCallFailed } from '../errors';
import type { CreateSession } from '../session-handler';
import {
  callProvider,
  endpoint,
  hmacSha256Hex,
  forProvider,
  requireString,
  stringField,
  userIdFor,
  type ClientOptions,
  type UserIdOf,
} from './call';

/**
 * Sumsub: an access token for the WebSDK, `POST /resources/accessTokens/sdk` with `{userId, levelName,
 * ttlInSecs}` (https://docs.sumsub.com/reference/generate-access-token), answered `{token, userId}`.
 * Every call is signed (https://docs.sumsub.com/reference/authentication): `X-App-Token`, `X-App-Access-Ts`
 * (seconds since the epoch) and `X-App-Access-Sig`, the lowercase hex HMAC-SHA256 with the secret key of
 * ts + METHOD + path with query + the body exactly as sent.
 */

export const SUMSUB_API = 'https://api.sumsub.com';
const PATH = '/resources/accessTokens/sdk';

export interface SumsubSessionOptions extends ClientOptions {
  appToken: string;
  secretKey: string;
  /** The verification level, as named in Sumsub's dashboard. */
  levelName: string;
  /** Your user's id: Sumsub's `userId` (the applicant's external id). Required. */
  userId: UserIdOf;
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

export function sumsubSessions(options: SumsubSessionOptions): CreateSession {
  const appToken = requireString(options.appToken, 'appToken', 'sumsubSessions');
  const secretKey = requireString(options.secretKey, 'secretKey', 'sumsubSessions');
  const levelName = requireString(options.levelName, 'levelName', 'sumsubSessions');
  if (typeof options.userId !== 'function') throw new TypeError('sumsubSessions: userId must be a function');
  const ttlInSecs = options.ttlInSecs ?? 600;
  const now = options.now ?? Date.now;
  return forProvider('sumsub', async (context) => {
    const userId = await userIdFor(options.userId, context, true);
    const url = endpoint(options.baseUrl ?? SUMSUB_API, PATH);
    const body = JSON.stringify({ userId, levelName, ttlInSecs });
    const ts = String(Math.floor(now() / 1000));
    const signature = await hmacSha256Hex(secretKey, ts + 'POST' + url.pathname + url.search + body);
    const started = now();
    const data = await callProvider({
      provider: 'sumsub',
      what: 'access token',
      url,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-App-Token': appToken,
        'X-App-Access-Ts': ts,
        'X-App-Access-Sig': signature,
      },
      body,
      options,
      signal: context.signal,
    });
    const token = stringField(data, 'token');
    if (!token) throw new ProviderCallFailed('sumsub', 'access token: no token in the answer');
    const result = { sessionToken: token, expiresAt: started + ttlInSecs * 1000 };
    return options.frameBaseUrl ? { ...result, sessionUrl: options.frameBaseUrl } : result;
  });
}
