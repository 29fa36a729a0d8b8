import { readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jumioToken, startJumioApi } from '../../sandbox/jumio-api.mjs';
import { launchChromium } from '../support/chromium';
import { jumioApiFlags, newJumioApiSetup, type JumioApiSetup } from '../support/jumio-api';

/**
 * Jumio's own web component (`@jumio/websdk@0.3.19`, unmodified, from node_modules) past its start screen, in the
 * widget (`dist/kyc-widget-jumio.js`, `options.sdk: true`), in Chromium with a fake camera: its start screen's button
 * (its consent), its ID step's manual capture of the passport's front from the camera, the upload, its usability
 * check and its finalize, against the sandbox's stand-in of its API (sandbox/jumio-api.mjs, whose settings ask for
 * one passport of one country: no selection screen). Chromium resolves Jumio's API hosts to the stand-in
 * (test/support/jumio-api.ts) with a port, key and certificate of this file's own. The host page is served here,
 * with the CSP each case needs: what a capture needs of a host's CSP is read from the violations it reports.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOUNTS: Array<[string, string]> = [
  ['/dist/', 'dist/'],
  // Jumio's package as a host serves it: its files as published (its chunks import each other by relative path).
  ['/jumio/', 'node_modules/@jumio/websdk/'],
];
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.webp': 'image/webp',
};

/** The page's recorders, first (a classic script): the widget's events and every CSP violation the page reports. */
const RECORD = `
window.kycEvents = [];
window.violations = [];
for (const type of ['kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete', 'kyc-error', 'kyc-warning', 'kyc-cancel'])
  document.addEventListener(type, (event) => window.kycEvents.push({ type, detail: event.detail }));
document.addEventListener('securitypolicyviolation', (event) =>
  window.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, disposition: event.disposition, sample: event.sample, source: event.sourceFile }));
`;

/** The host's module: Jumio's package imported as a host imports it, then the widget's Jumio entry, given a session. */
const PAGE = `
import '/jumio/index2.js';
import '/dist/kyc-widget-jumio.js';
const el = document.createElement('kyc-widget');
Object.assign(el, {
  provider: 'jumio',
  options: { sdk: true, dc: 'us' },
  sessionToken: new URLSearchParams(location.search).get('token'),
});
document.body.append(el);
`;

/**
 * A strict host policy: the widget's own needs (as the demo's host page, scripts/serve.mjs) and nothing for Jumio.
 * Without Trusted Types: Jumio's element cannot start under them (the last test).
 */
const STRICT = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
];

/**
 * What a capture with Jumio's element needed beyond STRICT: each entry is a violation the report-only run below
 * reported (directive, and what it blocked: an origin, `inline`, `data`, `blob`, `eval`). Documented in
 * docs/providers/jumio.md and docs/embedding.md. Datadog RUM (`https://browser-intake-datadoghq.com`) is left out:
 * the package samples 65 % of sessions for it, and the flow runs without it.
 */
const JUMIO_NEEDS = [
  'connect-src https://web-sdk.amer-1.jumio.ai',
  'font-src data',
  'img-src blob',
  'img-src data',
  'script-src eval',
  'style-src-attr inline',
  'style-src-elem inline',
];
const DATADOG = 'https://browser-intake-datadoghq.com';
/**
 * Reported, not needed: its string templates (lodash's `template`, compiled with `Function`): refused, the capture
 * runs all the same (the enforced test, without 'unsafe-eval').
 */
const OPTIONAL = ['script-src eval'];

/** STRICT with JUMIO_NEEDS allowed but OPTIONAL: the policy docs/providers/jumio.md gives a host. */
const WITH_JUMIO = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://web-sdk.amer-1.jumio.ai",
  "media-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
];

/** WITH_JUMIO and Trusted Types required, with the widget's policy and the one Jumio's Lit creates (`lit-html`). */
const WITH_TRUSTED_TYPES = [...WITH_JUMIO, "require-trusted-types-for 'script'", 'trusted-types kyc-widget lit-html'];

/**
 * Jumio's own, when the widget removes its element after the end: its `disconnectedCallback` unsubscribes its
 * subscriptions, one of whose teardowns throws, uncaught (RxJS's `UnsubscriptionError`). Nothing runs after it.
 */
const JUMIO_TEARDOWN = 'UnsubscriptionError';

let browser: Browser;
let server: Server;
let origin: string;
let setup: JumioApiSetup;
let api: Awaited<ReturnType<typeof startJumioApi>>;

interface Recorded {
  type: string;
  detail: Record<string, unknown>;
}
interface Violation {
  directive: string;
  blocked: string;
  disposition: string;
  sample: string;
  source: string;
}
interface Asked {
  method: string;
  path: string;
  parts?: Array<{ name: string; filename?: string; type?: string; size: number }>;
}

beforeAll(async () => {
  setup = await newJumioApiSetup();
  api = await startJumioApi({ port: setup.port, cert: readFileSync(setup.certFile), key: readFileSync(setup.keyFile) });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    if (url.pathname === '/') {
      const csp = url.searchParams.get('csp');
      const header =
        csp === 'report'
          ? { 'Content-Security-Policy-Report-Only': STRICT.join('; ') }
          : csp === 'enforce'
            ? { 'Content-Security-Policy': WITH_JUMIO.join('; ') }
            : csp === 'trusted-types'
              ? { 'Content-Security-Policy': WITH_TRUSTED_TYPES.join('; ') }
              : {};
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...header });
      res.end(
        '<!doctype html><meta charset="utf-8"><title>host</title>' +
          '<link rel="stylesheet" href="/jumio/assets/style.css">' +
          '<script src="/record.js"></script><script type="module" src="/page.js"></script>',
      );
      return;
    }
    if (url.pathname === '/record.js' || url.pathname === '/page.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(url.pathname === '/record.js' ? RECORD : PAGE);
      return;
    }
    const mount = MOUNTS.find(([prefix]) => url.pathname.startsWith(prefix));
    const file = mount && path.resolve(ROOT, mount[1], url.pathname.slice(mount[0].length));
    if (!mount || !file || !file.startsWith(path.join(ROOT, mount[1]))) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium(jumioApiFlags(setup));
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  if (setup) await rm(path.dirname(setup.keyFile), { recursive: true, force: true });
});

const events = (page: Page) => page.evaluate(() => (window as unknown as { kycEvents: Recorded[] }).kycEvents);
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: Violation[] }).violations);

/** Whether the camera's picture plays in Jumio's capture screen (a `<video>` somewhere in its shadow roots). */
function videoPlays(): boolean {
  const find = (root: Document | ShadowRoot): HTMLVideoElement | null => {
    for (const element of root.querySelectorAll('*')) {
      if (element instanceof HTMLVideoElement && element.readyState >= 2 && element.videoWidth > 0) return element;
      const inner = element.shadowRoot && find(element.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  return find(document) !== null;
}

/** The host page with a fresh session under `csp`, its uncaught errors collected (Jumio's teardown's aside). */
async function open(csp: 'none' | 'report' | 'enforce' | 'trusted-types') {
  const { token, wfeId } = jumioToken(['NOT_STARTED']);
  const page = await browser.newPage({ viewport: { width: 900, height: 1200 } });
  // Jumio's own SDK loads its elements and runs its capture on Chromium's fake camera, in a run that may share two cores
  // with the rest of the suite: each wait is for a condition, 20 s is only its ceiling.
  page.setDefaultTimeout(20000);
  const problems: string[] = [];
  page.on('pageerror', (error) => error.name !== JUMIO_TEARDOWN && problems.push(`${error.name}: ${error.message}`));
  await page.goto(`${origin}/?csp=${csp}&token=${encodeURIComponent(token)}`);
  return { page, wfeId, problems };
}

/**
 * Opens the host page with a fresh session and drives Jumio's element as a person does: its start button (which
 * sends the consents), then, once the camera's picture plays and the button is enabled, its capture button; waits for
 * the widget's ending.
 */
async function capture(csp: 'none' | 'report' | 'enforce' | 'trusted-types') {
  const { page, wfeId, problems } = await open(csp);
  await page.waitForFunction(() =>
    (window as unknown as { kycEvents: Recorded[] }).kycEvents.some((e) => e.type === 'kyc-start'),
  );
  // Playwright's CSS reaches into open shadow roots: the widget's, then Jumio's own.
  await page.locator('[data-qa-id="start-button"] button').click();
  await page.waitForFunction(videoPlays);
  // Its capture button (`x-ds-capture-button`) says when it takes a click: `data-disabled="false"`.
  await page.locator('[data-qa-id="capture-button"][data-disabled="false"]').click();
  await page.waitForFunction(() =>
    (window as unknown as { kycEvents: Recorded[] }).kycEvents.some((e) =>
      ['kyc-complete', 'kyc-error'].includes(e.type),
    ),
  );
  return { page, wfeId, problems };
}

/** A violation as `directive blocked`, the blocked URL as its origin. */
function named({ directive, blocked }: Violation): string {
  return `${directive} ${/^https?:/.test(blocked) ? new URL(blocked).origin : blocked}`;
}

describe("Jumio's own <jumio-sdk> past its start screen, with a fake camera", () => {
  it('consent, capture, upload, finalize → kyc-ready, kyc-start, kyc-submit, kyc-complete; the photo arrived', async () => {
    const { page, wfeId, problems } = await capture('none');
    const seen = await events(page);
    expect(seen.map((e) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-submit', 'kyc-complete']);
    expect(seen.at(-1)!.detail).toEqual({ provider: 'jumio', outcome: 'pending' });
    const asked = api.requests(wfeId) as Asked[];
    // What it called past its start screen, in order (its status polls and its logging aside).
    const calls = asked
      .filter((r) => r.path !== '/status' && !r.path.endsWith('event'))
      .map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /settings',
      'POST /consent',
      'POST /credential/6c2a7e0c-0b9e-4a3c-9d3e-5a8f1b2c3d4e/upload',
      expect.stringMatching(/^POST \/result\/usability\/usability-[\w-]+$/),
      'POST /finalize',
    ]);
    // The upload: its metadata and the camera's picture, a JPEG of the fake camera's frame.
    const upload = asked.find((r) => r.path.endsWith('/upload'))!;
    const file = upload.parts!.filter((part) => part.filename !== undefined);
    expect(file).toHaveLength(1);
    expect(file[0].type).toBe('image/jpeg');
    expect(file[0].size).toBeGreaterThan(10_000);
    expect(upload.parts!.map((part) => part.name)).toContain('uploadFilesMetadata');
    // The usability check asks for the key the upload's answer gave for that file.
    expect(asked.some((r) => r.path === `/result/usability/usability-${file[0].name}`)).toBe(true);
    // The element goes after the ending.
    await page.waitForFunction(() => !document.querySelector('kyc-widget')!.shadowRoot!.querySelector('jumio-sdk'));
    expect(problems).toEqual([]);
    await page.close();
  }, 60000);

  it("under a strict CSP (report-only), the capture's violations are the documented list", async () => {
    const { page, problems } = await capture('report');
    const seen = await events(page);
    expect(seen.map((e) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-submit', 'kyc-complete']);
    const reported = await violations(page);
    expect(new Set(reported.map((v) => v.disposition))).toEqual(new Set(['report']));
    const needs = [...new Set(reported.map(named))].filter((name) => !name.endsWith(DATADOG)).sort();
    expect(needs).toEqual(JUMIO_NEEDS);
    expect(problems).toEqual([]);
    await page.close();
  }, 60000);

  it('under the documented policy (enforced), the capture runs to kyc-complete; refused only what it can do without', async () => {
    const { page, problems } = await capture('enforce');
    const seen = await events(page);
    expect(seen.map((e) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-submit', 'kyc-complete']);
    const reported = await violations(page);
    // Only what it may be refused: its string templates (no 'unsafe-eval' given) and its RUM logging.
    expect([...new Set(reported.map(named))].filter((name) => !name.endsWith(DATADOG))).toEqual(OPTIONAL);
    expect(problems).toEqual([]);
    await page.close();
  }, 60000);

  it("under Trusted Types (Lit's policy lit-html allowed), the capture runs to kyc-complete; its templates are refused", async () => {
    const { page, problems } = await capture('trusted-types');
    const seen = await events(page);
    expect(seen.map((e) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-submit', 'kyc-complete']);
    const reported = (await violations(page)).filter((v) => !v.blocked.startsWith(DATADOG));
    // Trusted Types refuse the string first: no eval is reported then.
    expect([...new Set(reported.map(named))]).toEqual(['require-trusted-types-for trusted-types-sink']);
    // The sink: lodash's `template`, compiled with `Function` (js/index.BEBD0ZpD.js, `Function(o, u + "return " + g)`).
    for (const v of reported.filter((v) => v.directive === 'require-trusted-types-for')) {
      expect(v.sample).toMatch(/^Function\|/);
      expect(v.source).toContain('/jumio/js/index.');
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 60000);
});
