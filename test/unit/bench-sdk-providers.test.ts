import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SDK_PROVIDERS, sdkProviderCases, summarizeSdkProviders } from '../../bench/sdk-providers.mjs';
import { fillerOfGzip, VENDOR_CODE } from '../../bench/vendor-code.mjs';
import { renderKycWarmUp, renderKycWidget } from '../../src/server/index';

/** Samples as measurePhone keeps them: one per round, with the page's marks. */
const samples = (ready: number[], vendor = 0, from = 1, downloads = 1) =>
  ready.map((value, i) => ({
    round: from + i,
    ready: value,
    marks: { ready: value, vendor, 'vendor-loaded': vendor + 10, downloads },
    frameRequested: 1,
  }));
const server = { renderKycWidget, renderKycWarmUp };
const cases = (shape = 'loopback') =>
  sdkProviderCases({
    shape,
    providers: SDK_PROVIDERS,
    vendorOrigin: 'http://localhost:9',
    hostOrigin: 'http://127.0.0.1:8',
    server,
  });

describe("bench: the SDK-hosted providers' section", () => {
  it("each widget page is held to its own target, met only when the interval's upper bound is at or below it", () => {
    const [row] = summarizeSdkProviders(['onfido'], {
      samples: {
        'rendered:onfido': samples([200, 210, 190, 205, 195]),
        'hinted:onfido': samples([104, 108, 100, 106, 102]),
        'client:onfido': samples([50, 52, 48, 51, 49]),
        'own-sdk:onfido': samples([100, 105, 95, 102, 98]),
      },
      errors: {},
    });
    expect(row.kinds.rendered.toOwnSdk).toMatchObject({ ratio: 2, target: 1, met: false, pairs: 5 });
    expect(row.kinds.hinted.toOwnSdk).toMatchObject({ target: 1.05 });
    expect(row.kinds.client.toOwnSdk).toMatchObject({ ratio: 0.5, target: 1.15, met: true });
    expect(row.kinds.client.toOwnSdk.interval95[1]).toBeLessThan(1);
    // The vendor's request is held to 1.05 × the own page's in the rendered and hinted pages only.
    expect(row.kinds.rendered.vendorRequestedToOwn.target).toBe(1.05);
    expect(row.kinds.client.vendorRequestedToOwn.met).toBeNull();
  });

  it('pairs by round: a round one side lost is left out, and too few pairs is "not measured"', () => {
    const [row] = summarizeSdkProviders(['plaid'], {
      samples: {
        'client:plaid': samples([100, 100, 100, 100], 7, 1, 2),
        'own-sdk:plaid': samples([100, 100], 0, 2),
      },
      errors: { 'own-sdk:plaid': [{ round: 1, message: 'no ready within 20 s' }] },
    });
    expect(row.kinds.client.toOwnSdk).toMatchObject({ pairs: 2, met: null });
    expect(row.kinds.client.toOwnSdk.ratio).toBeNaN();
    expect(row.kinds.client.vendorRequested.median).toBe(7);
    expect(row.kinds.client.vendorLoaded.median).toBe(17);
    expect(row.kinds.client.downloads.max).toBe(2);
    expect(row.kinds.rendered.ready.n).toBe(0);
    expect(row.errors).toEqual([{ case: 'own-sdk:plaid', round: 1, message: 'no ready within 20 s' }]);
  });

  it("the direct pages leave the probe's globals (L, F, m) alone", () => {
    for (const item of cases()) {
      const scripts = [...item.html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(([, code]) => code).slice(1);
      for (const code of scripts) expect(code).not.toMatch(/\bvar (L|F|m)\b|[,;](L|F|m)=/);
    }
  });

  it("the widget's pages: its own entry each; the vendor's preload in the rendered and hinted pages, none in the client page; no frame", () => {
    for (const item of cases().filter((c) => c.kind !== 'own-sdk')) {
      expect(item.html).toContain(`<script type="module" src="/dist/kyc-widget-${item.provider}.js"></script>`);
      expect(item.html).not.toMatch(/<iframe|data-kyc-problem/);
      // Jumio's web component is the host's own import in every page: the renderer writes no preload for it.
      const preloads = item.html.match(/<link rel="(module)?preload"[^>]*href="http:\/\/localhost:9\/sdk\//g) ?? [];
      expect(preloads.length, item.id).toBe(item.kind === 'client' || item.provider === 'jumio' ? 0 : 1);
      expect(item.html.includes('shadowrootmode'), item.id).toBe(item.kind === 'rendered');
    }
  });
});

describe("bench: the vendors' code at its real size", () => {
  it('the filler compresses to the real gzip size within 0.5%', () => {
    const gzip = VENDOR_CODE.onfido.gzip;
    const filler = fillerOfGzip(gzip);
    expect(Math.abs(gzipSync(Buffer.from(filler), { level: 6 }).length - gzip) / gzip).toBeLessThan(0.005);
  });
});

describe("bench: the vendors' real sizes follow the packages they were read from", () => {
  it("Jumio's is the installed @jumio/websdk's: index.js and the module it imports (fails when the package moves)", () => {
    const root = new URL('../../node_modules/@jumio/websdk/', import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
    const index = readFileSync(new URL('index.js', root));
    const imported = [...index.toString('utf8').matchAll(/from\s*["'](\.[^"']+)["']|import\s*["'](\.[^"']+)["']/g)].map(
      ([, a, b]) => readFileSync(new URL(a ?? b, root)),
    );
    expect(imported).toHaveLength(1);
    const files = [index, ...imported];
    expect(VENDOR_CODE.jumio.source).toContain(`@jumio/websdk@${pkg.version}`);
    expect(files.reduce((n, b) => n + b.length, 0)).toBe(VENDOR_CODE.jumio.raw);
    expect(files.reduce((n, b) => n + gzipSync(b, { level: 6 }).length, 0)).toBe(VENDOR_CODE.jumio.gzip);
  });
});
