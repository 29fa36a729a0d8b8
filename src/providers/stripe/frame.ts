import { Problem } from '../../frame/problem';
import { stringOption } from '../options';
import { sdkLoader } from '../sdk-url';
import type { ProviderFrame } from '../types';

/**
 * Stripe Identity (docs/providers/stripe.md): Stripe.js from js.stripe.com only (never bundled), the URL
 * `@stripe/stripe-js@10.2.1` injects (src/shared.ts: `https://js.stripe.com/${RELEASE_TRAIN}/stripe.js`, train
 * `endive`); `Stripe(options.publishableKey).verifyIdentity(session-token)` opens Stripe's own modal.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';

export const stripe: ProviderFrame<'stripe'> = {
  id: 'stripe',
  origins: ['https://js.stripe.com'],
  allow: 'camera',
  sdk: { mount: 'overlay', delivery: { kind: 'script', global: 'Stripe' } },
  frameUrl({ options, sessionToken }) {
    const key = stringOption(options, 'publishableKey', /^pk_(test|live)_\w{1,200}$/, 'stripe-pk');
    if (key instanceof Problem) return key;
    return key ? sdkLoader('stripe', options, sessionToken, STRIPE_JS_URL) : new Problem('needs', 'stripe');
  },
};
