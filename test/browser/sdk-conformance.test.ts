import { Onfido } from 'onfido-sdk-ui';
import { loadStripe } from '@stripe/stripe-js/pure';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './helpers';
import { calls, leftovers, LOADERS, refusals, scriptToken, vendorFrames } from './sdk-helpers';

/**
 * The vendors' own published loaders (devDependencies, bundled by Vite as a host's bundler would) against the
 * sandbox's stand-ins: Onfido's npm loader (`onfido-sdk-ui@14.80.0`, `Onfido.init` → `import(sdkUrl)` → the module's
 * `Onfido.init(parameters)`) and Stripe's (`@stripe/stripe-js@10.2.1` `loadStripe`, which takes a `window.Stripe`
 * already on the page and checks its `version`). So the stand-ins have the shapes the vendors' own code expects, and
 * the widget's tests against them mean something. Plaid publishes no loader code (react-plaid-link injects the script
 * tag and calls the global), so there is none to run.
 */

const seen: string[] = [];
afterAll(() => console.log(`sdk conformance: ${seen.join('; ')}`));

describe("the vendors' own loaders drive the sandbox's stand-ins", () => {
  it('onfido-sdk-ui 14.80.0: its loader imports the stand-in runtime; onComplete; tearDown through its handle', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const events: string[] = [];
    const handle = Onfido.init({
      token: scriptToken('onfido', ['module:document', 'complete']),
      // The loader's own (undocumented) override of `https://sdk.onfido.com/v<version>/Onfido.js`.
      sdkUrl: LOADERS.onfido,
      containerEl: container,
      onComplete: () => events.push('complete'),
      onError: (error: unknown) => events.push(`error ${JSON.stringify(error)}`),
      onUserExit: () => events.push('exit'),
    } as Parameters<typeof Onfido.init>[0] & { sdkUrl: string });
    handle.addEventListener('moduleStart', () => events.push('moduleStart'));
    await expect.poll(() => events, { timeout: 8000 }).toEqual(['moduleStart', 'complete']);
    expect(container.querySelector('iframe[data-sandbox-sdk="onfido"]')).not.toBeNull();
    await handle.tearDown();
    expect(container.querySelector('iframe')).toBeNull();
    expect(calls('onfido', 'tearDown').length).toBeGreaterThan(0);
    expect(refusals()).toEqual([]);
    container.remove();
    seen.push(`onfido ${events.join(',')}`);
  });

  it('@stripe/stripe-js 10.2.1: loadStripe takes the stand-in, and verifyIdentity resolves', async () => {
    const script = document.createElement('script');
    script.src = LOADERS.stripe;
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    document.head.append(script);
    await loaded;
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    let stripe;
    try {
      stripe = await loadStripe('pk_test_conformance0001');
    } finally {
      console.warn = warn;
    }
    // No "Stripe.js@… was loaded, but @stripe/stripe-js expected …" warning: the stand-in says it is `endive`.
    expect(JSON.stringify(warnings)).toBe('[]');
    const result = await stripe!.verifyIdentity(scriptToken('stripe', ['complete']));
    expect(result).toHaveProperty('verificationSession');
    expect(result).not.toHaveProperty('error');
    await waitUntil(() => vendorFrames('stripe').length === 0, 'the modal stayed');
    expect(leftovers('stripe')).toMatchObject({ frames: 0, overlays: 0 });
    expect(refusals()).toEqual([]);
    seen.push('stripe verificationSession');
  });
});
