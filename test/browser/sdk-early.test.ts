import { afterEach, describe, expect, it } from 'vitest';
import { forgetRuntime, loadRuntime, runtimeLoader, runtimeNow } from '../../src/element/handover';
import { fixtureCleanup, record, SANDBOX, waitUntil } from './helpers';
import { LOADERS, mountSdk, scriptToken, sdkOptions, type SdkVendor } from './sdk-helpers';

/**
 * The vendor's code starts loading from the boot chunk (providers/vendor.ts, through the provider's plug-in), in the task the inputs resolve, before
 * the runtime chunk is here; the runtime's attempt shares that load instead of starting another. Each test holds
 * the runtime back (as boot.test.ts does) and asks for a vendor URL of its own (a query the sandbox counts requests
 * by), served a second late.
 */

const realLoad = runtimeLoader.load;
const holds: Array<() => void> = [];

function holdRuntime(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  runtimeLoader.load = () => gate.then(realLoad);
  holds.push(release);
  return release;
}

afterEach(async () => {
  holds.splice(0).forEach((release) => release());
  runtimeLoader.load = realLoad;
  await loadRuntime().catch(() => undefined);
  fixtureCleanup();
});

/** How many times the sandbox was asked for the script named `count` (sandbox/server.mjs). */
async function requests(count: string): Promise<number> {
  const answer = await fetch(`${SANDBOX}/sdk-requests?count=${count}`);
  return ((await answer.json()) as { requests: number }).requests;
}

let runs = 0;

describe("the vendor's script before the runtime", () => {
  it("the SDK adapter's chunk is asked for by the stand-in, beside the runtime, not after it", async () => {
    const adapters = () =>
      performance
        .getEntriesByType('resource')
        .filter((timing) => new URL(timing.name).pathname === '/src/providers/onfido/sdk.ts');
    expect(adapters()).toHaveLength(0); // this file's page has not fetched it yet (the first test here)
    forgetRuntime();
    holdRuntime();
    // Onfido's module: a classic script's global would answer the later tests' loads without a request.
    await mountSdk('onfido', scriptToken('onfido', ['wait']));
    await waitUntil(() => adapters().length > 0, "the adapter's chunk waited for the runtime", { timeout: 5000 });
    expect(runtimeNow()).toBeUndefined();
  });

  it.each<SdkVendor>(['plaid', 'onfido', 'stripe'])(
    '%s: requested while the runtime is held back, once, and mounted from that load when the runtime comes',
    async (vendor) => {
      forgetRuntime();
      const release = holdRuntime();
      // Served a second late, so that the runtime asks for the same URL while this load is still on its way.
      const count = `early-${Date.now()}-${runs++}`;
      const url = `${LOADERS[vendor]}?count=${count}&delay=1000`;
      // Every <script> the page is given for this URL (a classic script's load), however briefly.
      const inserted: Node[] = [];
      const watch = new MutationObserver((records) =>
        records.forEach((record) =>
          record.addedNodes.forEach((node) => (node as HTMLScriptElement).src === url && inserted.push(node)),
        ),
      );
      watch.observe(document, { childList: true, subtree: true });
      const { el, events } = await mountSdk(vendor, scriptToken(vendor, ['wait']), { options: { sdkUrl: url } });
      await waitUntil(
        async () => (await requests(count)) > 0,
        "the vendor's script was not requested before the runtime",
      );
      expect(runtimeNow()).toBeUndefined(); // still held: the boot chunk asked for it
      expect(el.state).toBe('loading');
      release();
      await waitUntil(() => events.names().includes('kyc-ready'), 'the vendor never said ready', { timeout: 5000 });
      watch.disconnect();
      expect(await requests(count)).toBe(1);
      // Chromium also coalesces a second request for a URL in flight: the elements show whether the load was shared.
      expect(inserted).toHaveLength(vendor === 'onfido' ? 0 : 1);
      expect(events.names().filter((name) => name === 'kyc-ready')).toHaveLength(1);
    },
  );

  it("with a session endpoint, the runtime is asked for in the task the answer starts the vendor's script", async () => {
    forgetRuntime();
    // Held back, and counted: the stand-in holds the runtime while a session request is under way, and an SDK-hosted
    // provider needs it to mount.
    let asked = 0;
    const release = holdRuntime();
    const held = runtimeLoader.load;
    runtimeLoader.load = () => (asked++, held());
    const count = `early-endpoint-${Date.now()}-${runs++}`;
    const url = `${LOADERS.plaid}?count=${count}`;
    const session = `/__kyc/session?${new URLSearchParams({
      id: count,
      plan: `token:${scriptToken('plaid', ['wait'])}`,
    })}`;
    let askedAtScript = -1;
    const watch = new MutationObserver((records) =>
      records.forEach((record) =>
        record.addedNodes.forEach((node) => {
          if ((node as HTMLScriptElement).src === url && askedAtScript < 0) askedAtScript = asked;
        }),
      ),
    );
    watch.observe(document, { childList: true, subtree: true });
    // Plaid's global, left by the tests before, would answer the load without a <script>.
    const win = window as unknown as { Plaid?: unknown };
    const earlier = win.Plaid;
    delete win.Plaid;
    try {
      // The inputs before the element is on the page, as markup gives them: its first pass sends the session request.
      const el = document.createElement('kyc-widget');
      const events = record(el);
      el.provider = 'plaid';
      el.allowedOrigins = SANDBOX;
      el.options = sdkOptions('plaid', { sdkUrl: url });
      el.sessionEndpoint = session;
      document.body.append(el);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(asked).toBe(0); // held while the session request is under way
      await waitUntil(() => askedAtScript >= 0, "the vendor's script never came", { timeout: 5000 });
      watch.disconnect();
      expect(askedAtScript).toBe(1);
      release();
      await waitUntil(() => events.names().includes('kyc-ready'), 'the vendor never said ready', { timeout: 5000 });
      el.remove();
    } finally {
      watch.disconnect();
      win.Plaid ??= earlier;
    }
  });
});
