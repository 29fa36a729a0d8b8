import { describe, expect, it } from 'vitest';
import { SDK_PROVIDERS, sdkProviderCases, summarizeSdkProviders } from '../../bench/sdk-providers.mjs';

/** Samples as measurePhone keeps them: one per round, with the page's marks. */
const samples = (ready: number[], vendor = 0, from = 1) =>
  ready.map((value, i) => ({ round: from + i, ready: value, marks: { ready: value, vendor }, frameRequested: 1 }));

describe("bench: the SDK-hosted providers' section", () => {
  it('widget ÷ own SDK is met only when the whole interval is below 1.00', () => {
    const [slower, faster] = summarizeSdkProviders(['onfido', 'jumio'], {
      samples: {
        'widget:onfido': samples([200, 210, 190, 205, 195]),
        'own-sdk:onfido': samples([100, 105, 95, 102, 98]),
        'widget:jumio': samples([50, 52, 48, 51, 49]),
        'own-sdk:jumio': samples([100, 104, 96, 101, 99]),
      },
      errors: {},
    });
    expect(slower.widgetToOwnSdk).toMatchObject({ ratio: 2, target: 1, met: false, pairs: 5 });
    expect(faster.widgetToOwnSdk).toMatchObject({ ratio: 0.5, met: true });
    expect(faster.widgetToOwnSdk.interval95[1]).toBeLessThan(1);
  });

  it('pairs by round: a round one side lost is left out, and too few pairs is "not measured"', () => {
    const [row] = summarizeSdkProviders(['plaid'], {
      samples: { 'widget:plaid': samples([100, 100, 100, 100], 7), 'own-sdk:plaid': samples([100, 100], 0, 2) },
      errors: { 'own-sdk:plaid': [{ round: 1, message: 'no ready within 20 s' }] },
    });
    expect(row.widgetToOwnSdk).toMatchObject({ pairs: 2, met: null });
    expect(row.widgetToOwnSdk.ratio).toBeNaN();
    expect(row.vendorRequested.widget.median).toBe(7);
    expect(row.errors).toEqual([{ case: 'own-sdk:plaid', round: 1, message: 'no ready within 20 s' }]);
  });

  it("the direct pages leave the probe's globals (L, F, m) alone", () => {
    for (const item of sdkProviderCases({ shape: 'loopback', providers: SDK_PROVIDERS, vendorOrigin: 'http://v' })) {
      const scripts = [...item.html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(([, code]) => code).slice(1);
      for (const code of scripts) expect(code).not.toMatch(/\bvar (L|F|m)\b|[,;](L|F|m)=/);
    }
  });
});
