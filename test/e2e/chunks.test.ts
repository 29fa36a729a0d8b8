import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkOf } from '../../src/architecture';
import { PLACEMENT, PROVIDERS } from '../../scripts/providers.mjs';

/**
 * Role = chunk: every standalone build (the all-in one and each provider's, made once for the e2e tests by
 * test/support/build.ts) puts each module of src/ in the chunk its role says (src/architecture.ts), and its boot
 * imports no other chunk statically (that would be a second request before the frame). The builds record where their
 * modules landed (vite.config.ts `recordPlacement`).
 */

/** The vendor's loader is in the boot of an SDK-hosted provider's own entry (which imports it), else a chunk of its own. */
const expected = (module: string, boot: string) =>
  module === 'providers/vendor.ts' &&
  existsSync(new URL(`../../src/providers/${boot.slice(11, -3)}/sdk.ts`, import.meta.url))
    ? 'boot'
    : chunkOf(module);

describe('role = chunk (src/architecture.ts)', () => {
  it.each(['kyc-widget.js', ...PROVIDERS.map((id) => `kyc-widget-${id}.js`)])(
    '%s: each module of src/ is in the chunk of its role, and the boot imports no chunk',
    (boot) => {
      const { modules, bootImports } = JSON.parse(readFileSync(`${PLACEMENT}${boot}.json`, 'utf8')) as {
        modules: Array<[string, string]>;
        bootImports: string[];
      };
      expect(modules.length).toBeGreaterThan(30);
      const wrong = modules
        .filter(([module, chunk]) => expected(module, boot) !== chunk)
        .map(([m, c]) => `${m} in ${c}`);
      expect(wrong).toEqual([]);
      expect(bootImports).toEqual([]);
    },
  );
});

/**
 * The SDK-hosted providers' runtime (the SdkAttempt that mounts a vendor's code, `__KYC_SDK__`) is carried by the
 * all-in bundle and by their own entries only: a frame provider's entry has none of it in any of its chunks.
 */
describe("an SDK-hosted provider's runtime travels with those providers only", () => {
  const sdkHosted = (id: string) => existsSync(new URL(`../../src/providers/${id}/sdk.ts`, import.meta.url));
  it.each(['kyc-widget.js', ...PROVIDERS.map((id) => `kyc-widget-${id}.js`)])('%s', (boot) => {
    const { modules } = JSON.parse(readFileSync(`${PLACEMENT}${boot}.json`, 'utf8')) as {
      modules: Array<[string, string]>;
    };
    const carries = modules.some(([module]) => module === 'runtime/sdk-attempt.ts');
    expect(carries).toBe(boot === 'kyc-widget.js' || sdkHosted(boot.slice(11, -3)));
  });
});
