import { ProviderCallFailed } from '../errors';
import type { CreateSession } from '../session-handler';
import {
  callProvider,
  endpoint,
  forProvider,
  requireString,
  stringField,
  userIdFor,
  type ClientOptions,
  type UserIdOf,
} from './call';

/**
 * iDenfy: `POST https://ivs.idenfy.com/api/v2/token` with HTTP Basic auth (API key as user, API secret as
 * password) and `{clientId, expiryTime?}` (https://documentation.idenfy.com/kyc/generate-token,
 * https://documentation.idenfy.com/authentication); the answer's `authToken` opens the frame
 * `https://ui.idenfy.com/?authToken=…`, which the widget builds from the token.
 */

export const IDENFY_API = 'https://ivs.idenfy.com';

export interface IdenfySessionOptions extends ClientOptions {
  apiKey: string;
  apiSecret: string;
  /** Your user's id: iDenfy's `clientId` (ASCII, at most 100 characters). Required. */
  userId: UserIdOf;
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

export function idenfySessions(options: IdenfySessionOptions): CreateSession {
  const apiKey = requireString(options.apiKey, 'apiKey', 'idenfySessions');
  const apiSecret = requireString(options.apiSecret, 'apiSecret', 'idenfySessions');
  if (typeof options.userId !== 'function') throw new TypeError('idenfySessions: userId must be a function');
  const expiryTime = options.expiryTime ?? 3600;
  const now = options.now ?? Date.now;
  const authorization = `Basic ${base64(`${apiKey}:${apiSecret}`)}`;
  return forProvider('idenfy', async (context) => {
    const clientId = await userIdFor(options.userId, context, true);
    const started = now();
    const data = await callProvider({
      provider: 'idenfy',
      what: 'token',
      url: endpoint(options.baseUrl ?? IDENFY_API, '/api/v2/token'),
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      body: JSON.stringify({ clientId, expiryTime }),
      options,
      signal: context.signal,
    });
    const authToken = stringField(data, 'authToken');
    if (!authToken) throw new ProviderCallFailed('idenfy', 'token: no authToken in the answer');
    const result = { sessionToken: authToken, expiresAt: started + expiryTime * 1000 };
    return options.frameUrl ? { ...result, sessionUrl: options.frameUrl } : result;
  });
}

/** Base64 of the UTF-8 bytes (btoa alone takes only Latin-1). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
