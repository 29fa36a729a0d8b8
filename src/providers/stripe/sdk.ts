import type { Signal } from '../../protocols/types';
import { codeOf, type SdkAdapter } from '../../sdk/types';

/**
 * Stripe Identity's modal (docs/providers/stripe.md), from `@stripe/stripe-js@10.2.1` dist/stripe-js/stripe.d.ts:
 * `Stripe(publishableKey)` then `stripe.verifyIdentity(clientSecret)` → `Promise<{verificationSession} | {error}>`.
 * Stripe.js owns the modal: no container, no progress, and no call that closes it. A resolved promise without an
 * error means the person submitted: the decision is the webhook's, so `pending`.
 */

interface StripeLike {
  verifyIdentity(clientSecret: string): Promise<unknown>;
}

/** Error codes that mean the person left rather than failed (unsure: Stripe documents no list for the modal). */
const LEFT = new Set(['session_cancelled', 'consent_declined']);

/** What `verifyIdentity`'s answer means. */
export function stripeResult(result: unknown): Signal[] {
  const error = (result as { error?: unknown } | null)?.error;
  if (error === undefined || error === null) return [{ type: 'submit' }, { type: 'complete', outcome: 'pending' }];
  const { code, type } = error as { code?: unknown; type?: unknown };
  const providerCode = codeOf(code) ?? codeOf(type);
  if (providerCode && LEFT.has(providerCode)) return [{ type: 'cancel' }];
  // Stripe: "an error … means a browser or network failure" (docs/js/identity/modal): worth another try.
  const message = providerCode ? `Stripe Identity: ${providerCode}` : 'Stripe Identity reported an error';
  return [
    { type: 'error', code: 'provider-error', message, recoverable: true, ...(providerCode ? { providerCode } : {}) },
  ];
}

const stripeAdapter: SdkAdapter = {
  mount(vendor, port) {
    let stopped = false;
    const signal = (...signals: Signal[]) => {
      if (!stopped) port.signal(...signals);
    };
    const key = port.context.options.publishableKey;
    let stripe: Partial<StripeLike> | undefined;
    try {
      stripe = typeof vendor === 'function' ? (vendor as (key: unknown) => StripeLike)(key) : undefined;
    } catch {
      stripe = undefined;
    }
    if (typeof stripe?.verifyIdentity !== 'function') {
      signal({ type: 'error', code: 'provider-error', message: 'Stripe.js has no Stripe(key).verifyIdentity' });
      return { stop: () => void (stopped = true) };
    }
    signal({ type: 'ready' }, { type: 'start' });
    stripe.verifyIdentity(port.token() ?? '').then(
      (result) => signal(...stripeResult(result)),
      () => signal({ type: 'error', code: 'provider-error', message: 'Stripe Identity failed', recoverable: true }),
    );
    // Stripe.js has no call to close its modal: stopping only stops listening (docs/providers/stripe.md, Teardown).
    return { stop: () => void (stopped = true) };
  },
};

export default stripeAdapter;
