import { afterEach, describe, expect, it } from 'vitest';
import { detailOf, fixtureCleanup, untilState } from './helpers';
import { LOADERS, mountSdk, scriptToken, type SdkVendor } from './sdk-helpers';

/**
 * The embedding preflight for the SDK-hosted providers (runtime/preflight.ts `scriptProblem`): a page whose CSP
 * blocks the vendor's script gets a named kyc-error at once (the directive, the origin to add), not a stall until
 * the load timeout. This file's page gets a CSP that allows only its own scripts (a policy cannot be taken back:
 * the file runs in its own frame), so the sandbox's stand-in loaders, on another origin, are blocked.
 */

const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:";
document.head.append(meta);

afterEach(() => fixtureCleanup());

describe('a CSP that blocks the vendor script is a named kyc-error at load', () => {
  it.each(['onfido', 'stripe', 'plaid'] as SdkVendor[])('%s', async (vendor) => {
    const { el, events } = await mountSdk(
      vendor,
      vendor === 'plaid' ? 'link-sandbox-csp' : scriptToken(vendor, ['wait']),
    );
    // No practical load timeout: only the preflight can end this in an error.
    el.loadTimeout = 2 ** 31 - 1;
    await untilState(el, 'error');
    const error = detailOf(events, 'kyc-error');
    expect(error).toMatchObject({ provider: vendor, code: 'frame-load-timeout', recoverable: false });
    expect(String(error?.message)).toContain('Content-Security-Policy (script-src-elem) blocked');
    expect(String(error?.message)).toContain(`add ${new URL(LOADERS[vendor]).origin} to script-src`);
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(1);
  });

  it('a script that fails for another reason says so, and may be retried', async () => {
    const { el, events } = await mountSdk('plaid', 'link-sandbox-missing', {
      options: { sdkUrl: `${location.origin}/no-such-vendor-script.js` },
      allowedOrigins: location.origin,
    });
    el.loadTimeout = 2 ** 31 - 1;
    await untilState(el, 'error');
    const error = detailOf(events, 'kyc-error');
    expect(error).toMatchObject({ code: 'frame-load-timeout', recoverable: true });
    expect(String(error?.message)).toContain('could not be loaded');
    expect(String(error?.message)).not.toContain('Content-Security-Policy');
  });
});

describe('the loader URL may point elsewhere only to an allowlisted origin', () => {
  it('options.sdkUrl on an origin that is not allowed is config-invalid, and nothing is loaded', async () => {
    const before = document.querySelectorAll('script[src]').length;
    const { el, events } = await mountSdk('plaid', 'link-sandbox-elsewhere', { allowedOrigins: '' });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({ code: 'config-invalid', recoverable: false });
    expect(String(detailOf(events, 'kyc-error')?.message)).toContain('is not an allowed origin for plaid');
    expect(document.querySelectorAll('script[src]').length).toBe(before);
  });
});
