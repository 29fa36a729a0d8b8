import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { compact } from '../../server/webhooks/fields';
import {
  requireSecret,
  requireString,
  sessionClient,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Plaid Identity Verification through Link: `POST /link/token/create` with `products: ["identity_verification"]`,
 * `identity_verification.template_id`, `user.client_user_id`, `client_name`, `language` and `country_codes`
 * (plaid@47.0.0 api.ts `LinkTokenCreateRequest`, `LinkTokenCreateRequestIdentityVerification`,
 * `LinkTokenCreateRequestUser`; https://plaid.com/docs/api/link/#linktokencreate). The keys go in the
 * `PLAID-CLIENT-ID` and `PLAID-SECRET` headers (api.ts: "may be provided either in the … header or as part of a
 * request body"), with `Plaid-Version: 2020-09-14`, the version Plaid's own library pins
 * (dist/configuration.js). Hosts: `https://sandbox.plaid.com`, `https://production.plaid.com`
 * (dist/configuration.js `PlaidEnvironments`). The answer's `link_token` is what Link takes; `expiration` is its
 * expiry (ISO 8601), although "If using Identity Verification, Link token expiration will not be enforced"
 * (api.ts `LinkTokenCreateResponse`). Plaid documents no idempotency key for this call.
 */

export type PlaidEnvironment = 'sandbox' | 'production';
export const PLAID_HOSTS: Record<PlaidEnvironment, string> = {
  sandbox: 'https://sandbox.plaid.com',
  production: 'https://production.plaid.com',
};
export const PLAID_VERSION = '2020-09-14';

/** Plaid's keys, as its own library sends them. */
export function plaidHeaders(clientId: string, secret: string): Record<string, string> {
  return { 'PLAID-CLIENT-ID': clientId, 'PLAID-SECRET': secret, 'Plaid-Version': PLAID_VERSION };
}

/** The host of an environment, checked (a typo would otherwise send production keys nowhere useful). */
export function plaidHost(environment: unknown, who: string): string {
  if (environment !== 'sandbox' && environment !== 'production')
    throw new TypeError(`${who}: environment must be 'sandbox' or 'production'`);
  return PLAID_HOSTS[environment];
}

export interface PlaidSessionOptions extends ClientOptions {
  clientId: string;
  secret: string;
  environment: PlaidEnvironment;
  /** The Identity Verification template (`idvtmp_…`) from Plaid's dashboard. */
  templateId: string;
  /** Your app's name as Link shows it (at most 30 characters). */
  clientName: string;
  /** "The country where your company is based" for Identity Verification (default `['US']`). */
  countryCodes?: readonly string[];
  /** Required by the call, "not used" by Identity Verification (default `en`). */
  language?: string;
}

/** The user id (`authorize`'s) is `user.client_user_id`: required (401 without one); Plaid's IDV echoes it back. */
export function plaidSessions(options: PlaidSessionOptions): SessionClient {
  const clientId = requireSecret(options.clientId, 'clientId', 'plaidSessions');
  const secret = requireSecret(options.secret, 'secret', 'plaidSessions');
  const host = plaidHost(options.environment, 'plaidSessions');
  const templateId = requireString(options.templateId, 'templateId', 'plaidSessions');
  const clientName = requireString(options.clientName, 'clientName', 'plaidSessions');
  if (clientName.length > 30) throw new TypeError('plaidSessions: clientName is at most 30 characters (Plaid)');
  const countryCodes = options.countryCodes ?? ['US'];
  if (countryCodes.length === 0 || !countryCodes.every((code) => /^[A-Z]{2}$/.test(code)))
    throw new TypeError('plaidSessions: countryCodes must be ISO 3166-1 alpha-2 codes, e.g. ["US"]');
  return sessionClient(options, {
    provider: 'plaid',
    api: host,
    needsUser: true,
    async create(context, api) {
      const body = JSON.stringify({
        client_name: clientName,
        language: options.language ?? 'en',
        country_codes: countryCodes,
        user: { client_user_id: context.userId },
        products: ['identity_verification'],
        identity_verification: { template_id: templateId },
      });
      const url = api.url('/link/token/create');
      const data = await api.post('link token', url, plaidHeaders(clientId, secret), body);
      const token = stringField(data, 'link_token');
      if (!token) throw new ProviderCallFailed('plaid', 'link token: no link_token in the answer');
      const expiration = stringField(data, 'expiration');
      // No session id yet: Plaid makes the identity verification when the person starts in Link. Its webhooks name
      // that id, and /identity_verification/get answers the client_user_id sent here: the binding is by reference.
      return compact({
        sessionToken: token,
        expiresAt: expiration && !Number.isNaN(Date.parse(expiration)) ? expiration : undefined,
        referenceId: context.userId!,
      });
    },
  });
}
