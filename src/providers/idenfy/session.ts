import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { compact, idOf } from '../../server/webhooks/fields';
import {
  requireSecret,
  sessionClient,
  sessionReference,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * iDenfy: `POST https://ivs.idenfy.com/api/v2/token` with HTTP Basic auth (API key as user, API secret as
 * password) and `{clientId, expiryTime?}` (https://documentation.idenfy.com/kyc/generate-token,
 * https://documentation.idenfy.com/authentication); the answer's `scanRef` is the verification's id, as iDenfy's
 * webhooks name it, and its `authToken` opens the frame
 * `https://ui.idenfy.com/?authToken=…`, which the widget builds from the token. iDenfy documents no idempotency
 * key for this call.
 */

export const IDENFY_API = 'https://ivs.idenfy.com';

export interface IdenfySessionOptions extends ClientOptions {
  apiKey: string;
  apiSecret: string;
  /** How long the token may be used to start, in seconds (iDenfy's `expiryTime`; default 3600). */
  expiryTime?: number;
  /**
   * Sent to the widget as `sessionUrl`: the frame's URL without the token (e.g. KYB's
   * `https://kyb.ui.idenfy.com/welcome`, or a sandbox); the widget adds `authToken`. Default: none
   * (the widget's own `https://ui.idenfy.com/`).
   */
  frameUrl?: string;
  now?: () => number;
}

/**
 * Each token's `clientId` (ASCII, at most 100 characters, echoed in webhooks) is a fresh random reference
 * (`sessionReference`), never the user id. A signed-in user is still required (401 without one). The session is
 * bound by `scanRef`.
 */
export function idenfySessions(options: IdenfySessionOptions): SessionClient {
  const apiKey = requireSecret(options.apiKey, 'apiKey', 'idenfySessions');
  const apiSecret = requireSecret(options.apiSecret, 'apiSecret', 'idenfySessions');
  const expiryTime = options.expiryTime ?? 3600;
  const now = options.now ?? Date.now;
  const authorization = `Basic ${base64(`${apiKey}:${apiSecret}`)}`;
  return sessionClient(options, {
    provider: 'idenfy',
    api: IDENFY_API,
    needsUser: true,
    async create(context, api) {
      const started = now();
      const clientId = await sessionReference(apiKey);
      const body = JSON.stringify({ clientId, expiryTime });
      const data = await api.post('token', api.url('/api/v2/token'), { Authorization: authorization }, body);
      const authToken = stringField(data, 'authToken');
      if (!authToken) throw new ProviderCallFailed('idenfy', 'token: no authToken in the answer');
      // scanRef names this verification in iDenfy's webhooks: the session's binding.
      return compact({
        sessionToken: authToken,
        expiresAt: started + expiryTime * 1000,
        sessionUrl: options.frameUrl,
        sessionId: idOf(stringField(data, 'scanRef')),
        referenceId: clientId,
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
