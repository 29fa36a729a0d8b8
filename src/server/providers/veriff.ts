import { ProviderCallFailed } from '../errors';
import { isSessionUrl, type CreateSession } from '../session-handler';
import {
  callProvider,
  hmacSha256Hex,
  endpoint,
  forProvider,
  requireString,
  stringField,
  userIdFor,
  type ClientOptions,
  type UserIdOf,
} from './call';

/**
 * Veriff: `POST <BaseURL>/v1/sessions` with the integration's API key in `X-AUTH-CLIENT` and a JSON
 * `{verification: {…}}` body (https://devdocs.veriff.com/docs/how-to-generate-sessions-manually,
 * https://devdocs.veriff.com/apidocs/v1sessions); the answer's `verification.url` is the session URL the
 * frame loads, `verification.id` the session id. `vendorData` carries your user's id back in webhooks.
 */

/** Veriff's API URL; the docs give each integration its base URL in the Customer Portal: pass yours. */
export const VERIFF_API = 'https://stationapi.veriff.com';

export interface VeriffSessionOptions extends ClientOptions {
  /** The integration's API key (X-AUTH-CLIENT). */
  apiKey: string;
  /** Your user's id, sent as `verification.vendorData`. */
  userId?: UserIdOf;
  /** Where Veriff sends the person after the flow (`verification.callback`), if you want one. */
  callback?: string;
  /**
   * The integration's shared secret key: when given, the body is signed in `X-HMAC-SIGNATURE` (lowercase hex
   * HMAC-SHA256 of the body, https://devdocs.veriff.com/docs/general-faq), which Veriff's docs require on some
   * POST endpoints and list only as optional on this one.
   */
  sharedSecret?: string;
}

export function veriffSessions(options: VeriffSessionOptions): CreateSession {
  const apiKey = requireString(options.apiKey, 'apiKey', 'veriffSessions');
  return forProvider('veriff', async (context) => {
    const vendorData = await userIdFor(options.userId, context, false);
    const verification: Record<string, string> = {};
    if (options.callback) verification.callback = options.callback;
    if (vendorData) verification.vendorData = vendorData;
    const body = JSON.stringify({ verification });
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-AUTH-CLIENT': apiKey };
    if (options.sharedSecret) headers['X-HMAC-SIGNATURE'] = await hmacSha256Hex(options.sharedSecret, body);
    const data = await callProvider({
      provider: 'veriff',
      what: 'session',
      url: endpoint(options.baseUrl ?? VERIFF_API, '/v1/sessions'),
      method: 'POST',
      headers,
      body,
      options,
      signal: context.signal,
    });
    const url = stringField(data, 'verification', 'url');
    if (!url || !isSessionUrl(url))
      throw new ProviderCallFailed('veriff', 'session: no verification.url in the answer');
    return { sessionUrl: url };
  });
}
