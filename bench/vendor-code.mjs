// The vendors' code at its real transfer size (bench/README.md 2e): the sandbox's stand-ins for Onfido's runtime and
// Jumio's web component are a few KB, the real code hundreds. The SDK section serves each stand-in with a filler
// script appended (shape.mjs fillerScript: code that is parsed and run, compressing as a minified bundle does) so
// that its gzip transfer is the real code's. Where no real size could be read (the code is not on npm), the stand-in
// is served as it is, and the section says so.
import { gzipSync } from 'node:zlib';
import { fillerScript } from './shape.mjs';

/**
 * Per provider: the real code's size (bytes, raw and gzip -6 as the shape's proxy compresses) and where it was read.
 * `null`: not measured; the reason is said.
 */
export const VENDOR_CODE = {
  onfido: {
    raw: 2_640_388,
    gzip: 490_825,
    source:
      'onfido-sdk-ui@13.8.7 dist/onfido.min.js (npm): the view layer, the last release on npm that carries it; ' +
      "14.x's npm package is a 4 KB loader that imports the runtime from sdk.onfido.com, whose size is not published " +
      '(its style.css, 100,306 B gzip in 13.8.7, is left out)',
  },
  jumio: {
    raw: 2_615_038,
    gzip: 695_968,
    source: '@jumio/websdk@0.3.19 (npm, the devDependency): index.js and the js/index.BEBD0ZpD.js it imports',
  },
  stripe: {
    raw: null,
    gzip: null,
    source:
      'Stripe.js (https://js.stripe.com/endive/stripe.js, the URL @stripe/stripe-js 10.2.1 loads) is served only by ' +
      'js.stripe.com (not on npm): not measured',
  },
  plaid: {
    raw: null,
    gzip: null,
    source: "Plaid Link's link-initialize.js is served only by cdn.plaid.com (not on npm): not measured",
  },
};

/** Bytes after gzip -6, as the shape's proxy sends a text or buffer. */
const gzip6 = (data) => gzipSync(Buffer.from(data), { level: 6 }).length;

/**
 * A filler whose gzip -6 size is within 0.5% of `gzip` bytes: fillerScript's raw size scaled by the ratio seen, a few
 * times (its compression ratio barely moves with its length).
 */
export function fillerOfGzip(gzip) {
  let bytes = gzip * 3;
  let script = fillerScript(bytes);
  for (let i = 0; i < 6; i++) {
    const size = gzip6(script);
    if (Math.abs(size - gzip) / gzip < 0.005) break;
    bytes = Math.round(bytes * (gzip / size));
    script = fillerScript(bytes);
  }
  return script;
}

/**
 * The proxy routes that serve each stand-in at its vendor's real size: the stand-in's own bytes, read once from the
 * sandbox, then the filler. `paths`: provider → the stand-in's path on the sandbox. Returns the routes and, per
 * provider, the real size, its source and what is served (raw and gzip -6).
 * @param {{sandbox: string, paths: Record<string, string>, providers: string[]}} input
 */
export async function vendorCodeRoutes({ sandbox, paths, providers }) {
  const routes = {};
  const sizes = {};
  for (const provider of providers) {
    const real = VENDOR_CODE[provider];
    const response = await fetch(`${sandbox}${paths[provider]}`);
    if (!response.ok) throw new Error(`${paths[provider]} on the sandbox: ${response.status}`);
    const standIn = await response.text();
    // The sandbox's own headers (its CORS, which a cross-origin module script needs); the proxy sets the length.
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(name)),
    );
    const body = Buffer.from(real?.gzip ? `${standIn}\n${fillerOfGzip(real.gzip)}` : standIn);
    sizes[provider] = { real, servedRaw: body.length, servedGzip: gzip6(body) };
    routes[paths[provider]] = async () => ({
      status: 200,
      headers: { ...headers, 'cache-control': 'no-store' },
      body,
    });
  }
  return { routes, sizes };
}
