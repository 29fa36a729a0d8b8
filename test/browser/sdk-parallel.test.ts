import { afterEach, describe, expect, it } from 'vitest';
import { fixtureCleanup, waitUntil } from './helpers';
import { LOADERS, mountSdk, scriptToken, type SdkVendor } from './sdk-helpers';
import { ADAPTER, ADAPTERS_DELAY } from '../support/slow-adapters';

/**
 * The vendor's script is not serialized behind the SDK adapters' chunk (runtime/sdk-attempt.ts, vendor-script.ts):
 * its download starts while its adapter's chunk (`src/providers/<id>/sdk.ts` here, served by Vite
 * `ADAPTERS_DELAY` ms late: test/support/slow-adapters.ts) is still on its way. Read from the page's
 * resource timing, an order, not a duration. This file runs in its
 * own page, so that the adapters' chunk is fetched here for the first time; each vendor URL is new (a query of its
 * own), so that nothing answers it from the module map or the cache.
 */

afterEach(() => fixtureCleanup());

const entry = (test: (name: string) => boolean) =>
  performance.getEntriesByType('resource').find((timing) => test(timing.name)) as PerformanceResourceTiming | undefined;

describe("the vendor's script and the adapters' chunk download together", () => {
  it('onfido (a module) and plaid (a classic script): each starts before the chunk has arrived', async () => {
    const run = String(Date.now());
    const urls = Object.fromEntries(
      (['onfido', 'plaid'] as SdkVendor[]).map((vendor) => [vendor, `${LOADERS[vendor]}?run=${run}`]),
    ) as Record<'onfido' | 'plaid', string>;
    expect(entry((name) => ADAPTER.test(new URL(name).pathname))).toBeUndefined();
    const mounted = await Promise.all(
      (['onfido', 'plaid'] as const).map((vendor) =>
        mountSdk(vendor, scriptToken(vendor, ['wait']), { options: { sdkUrl: urls[vendor] } }),
      ),
    );
    for (const { events } of mounted)
      await waitUntil(() => events.names().includes('kyc-ready'), 'the vendor never said ready');
    for (const vendor of ['onfido', 'plaid'] as const) {
      const chunk = entry((name) => new URL(name).pathname === `/src/providers/${vendor}/sdk.ts`);
      expect(chunk, `${vendor}'s adapter was fetched on this page`).toBeDefined();
      // Long enough on its way that a serialized vendor request would show as one.
      expect(chunk!.responseEnd - chunk!.startTime).toBeGreaterThanOrEqual(ADAPTERS_DELAY - 1);
      const script = entry((name) => name === urls[vendor]);
      expect(script, `${vendor}'s script was fetched`).toBeDefined();
      // Serialized, the vendor's request would start only after the chunk (and the adapters it imports) arrived.
      expect(script!.startTime, vendor).toBeLessThan(chunk!.responseEnd);
    }
  });
});
