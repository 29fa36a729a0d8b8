import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { compact, idOf } from '../../server/webhooks/fields';
import { requireSecret, sessionClient, stringField, type ClientOptions } from '../../server/providers/call';

/**
 * Stripe Identity: `POST https://api.stripe.com/v1/identity/verification_sessions`, authenticated with the secret
 * key as a Bearer token, the parameters form-encoded (`application/x-www-form-urlencoded`, bracketed keys for
 * nested ones), as Stripe's own library sends them (stripe@23.1.0 esm/RequestSender.js, esm/utils.js
 * `stringifyRequestData`; https://docs.stripe.com/api/identity/verification_sessions/create). The answer's
 * `client_secret` is what Stripe.js takes (`stripe.verifyIdentity(client_secret)`): it goes to the widget as its
 * session token. It "expires after 24 hours and can only be used once" (stripe@23.1.0
 * cjs/resources/Identity/VerificationSessions.d.ts). Stripe documents the `Idempotency-Key` header
 * (https://docs.stripe.com/api/idempotent_requests): the handler's key for the widget's attempt is sent as it.
 */

export const STRIPE_API = 'https://api.stripe.com';
const CLIENT_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface StripeSessionOptions extends ClientOptions {
  /** The secret key, `sk_live_…` / `sk_test_…` (or a restricted key `rk_…` allowed to create verification sessions). */
  secretKey: string;
  /** The check: `document` (default) or `id_number`; ignored when `verificationFlow` is given. */
  type?: 'document' | 'id_number';
  /** A verification flow made in Stripe's dashboard (`vf_…`), instead of `type`. */
  verificationFlow?: string;
  /** Where Stripe sends the person after a redirect flow (unused by the modal the widget opens). */
  returnUrl?: string;
  /** Pins Stripe's API version (`Stripe-Version`); without it, your account's default applies. */
  apiVersion?: string;
  now?: () => number;
}

/** The user id (`authorize`'s) is sent as `client_reference_id`, which Stripe's webhooks echo in the session object. */
export function stripeSessions(options: StripeSessionOptions): SessionClient {
  const secretKey = requireSecret(options.secretKey, 'secretKey', 'stripeSessions');
  // A publishable key (pk_…) is the usual mix-up: it cannot create sessions, and it would fail on the first person.
  if (!/^(sk|rk)_(live|test)_/.test(secretKey))
    throw new TypeError(
      'stripeSessions: secretKey must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)',
    );
  const now = options.now ?? Date.now;
  return sessionClient(options, {
    provider: 'stripe',
    api: STRIPE_API,
    needsUser: false,
    async create(context, api) {
      const form = new URLSearchParams();
      if (options.verificationFlow) form.set('verification_flow', options.verificationFlow);
      else form.set('type', options.type ?? 'document');
      if (context.userId) form.set('client_reference_id', context.userId);
      if (options.returnUrl) form.set('return_url', options.returnUrl);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      };
      if (context.idempotencyKey) headers['Idempotency-Key'] = context.idempotencyKey;
      if (options.apiVersion) headers['Stripe-Version'] = options.apiVersion;
      const started = now();
      const url = api.url('/v1/identity/verification_sessions');
      const data = await api.post('verification session', url, headers, form.toString());
      const clientSecret = stringField(data, 'client_secret');
      const id = idOf(stringField(data, 'id'));
      if (!clientSecret || !id?.startsWith('vs_'))
        throw new ProviderCallFailed('stripe', 'verification session: no id or client_secret in the answer');
      // vs_… is what Stripe's identity.verification_session.* webhooks name (data.object.id): the session's binding.
      return compact({
        sessionToken: clientSecret,
        expiresAt: started + CLIENT_SECRET_LIFETIME_MS,
        sessionId: id,
        referenceId: context.userId ?? undefined,
      });
    },
  });
}
