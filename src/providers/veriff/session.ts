import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { isSessionUrl } from '../../server/values';
import { compact, idOf } from '../../server/webhooks/fields';
import {
  hmacSha256Hex,
  requireSecret,
  sessionClient,
  sessionReference,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Veriff: `POST <BaseURL>/v1/sessions` with the integration's API key in `X-AUTH-CLIENT` and a JSON
 * `{verification: {…}}` body (https://devdocs.veriff.com/docs/how-to-generate-sessions-manually,
 * https://devdocs.veriff.com/apidocs/v1sessions); the answer's `verification.url` is the session URL the
 * frame loads, `verification.id` the session id ("record the unique session ID in verification.id, required for
 * webhooks", how-to-generate-sessions-manually). Veriff documents no idempotency key for this call.
 */

/** Veriff's API URL; the docs give each integration its base URL in the Customer Portal: pass yours. */
export const VERIFF_API = 'https://stationapi.veriff.com';

export interface VeriffSessionOptions extends ClientOptions {
  /** The integration's API key (X-AUTH-CLIENT). */
  apiKey: string;
  /** Where Veriff sends the person after the flow (`verification.callback`), if you want one. */
  callback?: string;
  /**
   * The integration's shared secret key: when given, the body is signed in `X-HMAC-SIGNATURE` (lowercase hex
   * HMAC-SHA256 of the body, https://devdocs.veriff.com/docs/general-faq), which Veriff's docs require on some
   * POST endpoints and list only as optional on this one.
   */
  sharedSecret?: string;
}

/**
 * Each session's `verification.vendorData` (echoed in webhooks, at most 1000 characters,
 * https://devdocs.veriff.com/docs/quick-guide-of-idv-using-the-api) is a fresh random reference
 * (`sessionReference`), never the user id: Veriff's API key rides in its browser SDK, so anyone can make a
 * session with the vendorData of their choice. The session is bound by `verification.id`.
 */
export function veriffSessions(options: VeriffSessionOptions): SessionClient {
  const apiKey = requireSecret(options.apiKey, 'apiKey', 'veriffSessions');
  const sharedSecret =
    options.sharedSecret === undefined
      ? undefined
      : requireSecret(options.sharedSecret, 'sharedSecret', 'veriffSessions');
  return sessionClient(options, {
    provider: 'veriff',
    api: VERIFF_API,
    needsUser: false,
    async create(context, api) {
      const verification: Record<string, string> = {};
      if (options.callback) verification.callback = options.callback;
      verification.vendorData = await sessionReference(apiKey);
      const body = JSON.stringify({ verification });
      const headers: Record<string, string> = { 'X-AUTH-CLIENT': apiKey };
      if (sharedSecret) headers['X-HMAC-SIGNATURE'] = await hmacSha256Hex(sharedSecret, body);
      const data = await api.post('session', api.url('/v1/sessions'), headers, body);
      const url = stringField(data, 'verification', 'url');
      if (!url || !isSessionUrl(url))
        throw new ProviderCallFailed('veriff', 'session: no verification.url in the answer');
      // verification.id is the session id Veriff's webhooks carry (id, verification.id): the session's binding.
      return compact({
        sessionUrl: url,
        sessionId: idOf(stringField(data, 'verification', 'id')),
        referenceId: verification.vendorData,
      });
    },
  });
}
