import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.mjs';
import { launchChromium } from '../support/chromium';

/**
 * The embedding preflight (docs/embedding.md) in real Chromium, with real response headers and real nested
 * frames: the host pages come from a small server started here, with the `Permissions-Policy` each case needs;
 * the provider's frame from the sandbox on another port. One server answers as three origins:
 * http://localhost:P (the host page), http://127.0.0.1:P (a page framing it) and http://insecure.test:P, which
 * Chromium resolves to 127.0.0.1 (`--host-resolver-rules`) but, not being a loopback name, treats as an
 * insecure origin: a real non-secure context without leaving loopback.
 */

let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: Server;
let port: number;

const dist = new URL('../../dist/', import.meta.url);

interface Recorded {
  type: string;
  detail: { code?: string; message?: string; state?: string };
}

/** The host page: records the widget's events from the start (the recorder runs before the widget exists). */
function hostPage(provider: string, sessionUrl: string, extra = ''): string {
  return `<!doctype html><meta charset="utf-8"><title>host</title>
<script>
  window.kycEvents = [];
  for (const type of ['kyc-statechange', 'kyc-ready', 'kyc-warning', 'kyc-error'])
    document.addEventListener(type, (e) => window.kycEvents.push({ type, detail: e.detail }));
</script>
<script src="/kyc-widget.iife.js"></script>
<kyc-widget provider="${provider}" session-url="${sessionUrl.replaceAll('&', '&amp;')}" ${extra}></kyc-widget>`;
}

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    const policy = url.searchParams.get('pp');
    if (policy !== null) headers['Permissions-Policy'] = policy;
    if (url.pathname === '/kyc-widget.iife.js') {
      void readFile(new URL('kyc-widget.iife.js', dist)).then(
        (body) => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body),
        () => res.writeHead(404).end(),
      );
    } else if (url.pathname === '/host') {
      const provider = url.searchParams.get('provider') ?? 'generic';
      const session =
        provider === 'persona'
          ? `${sandbox.origin}/persona/widget?script=load,ready`
          : `${sandbox.origin}/generic?script=ready`;
      res.writeHead(200, headers).end(hostPage(provider, session, `allowed-origins="${sandbox.origin}"`));
    } else if (url.pathname === '/outer') {
      // A page framing the host page, with or without an allow attribute on its iframe.
      const allow = url.searchParams.get('allow');
      const inner = url.searchParams.get('inner') ?? '';
      res
        .writeHead(200, headers)
        .end(
          `<!doctype html><title>outer</title><iframe ${allow === null ? '' : `allow="${allow}"`} src="${inner.replaceAll('&', '&amp;')}"></iframe>`,
        );
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  browser = await launchChromium(['--host-resolver-rules=MAP insecure.test 127.0.0.1']);
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  await sandbox?.close();
});

const host = (query = '', name = 'localhost') => `http://${name}:${port}/host${query}`;
const policy = (value: string) => `?pp=${encodeURIComponent(value)}`;

/** Waits until the widget has said ready `times` times: every event of those loads is in by then. */
async function untilReady(target: Page | Frame, times = 1): Promise<Recorded[]> {
  await target.waitForFunction(
    (n) => (window as unknown as { kycEvents: Recorded[] }).kycEvents.filter((e) => e.type === 'kyc-ready').length >= n,
    times,
    { timeout: 10000 },
  );
  return target.evaluate(() => (window as unknown as { kycEvents: Recorded[] }).kycEvents);
}

const warnings = (events: Recorded[]) => events.filter((e) => e.type === 'kyc-warning').map((e) => e.detail);
const states = (events: Recorded[]) => events.filter((e) => e.type === 'kyc-statechange').map((e) => e.detail.state);

async function load(url: string): Promise<{ page: Page; events: Recorded[] }> {
  const page = await browser.newPage();
  await page.goto(url);
  return { page, events: await untilReady(page) };
}

/** Loads the host page inside a page of another origin; the widget's events are read in the inner frame. */
async function loadFramed(allow: string | null): Promise<{ page: Page; events: Recorded[] }> {
  const page = await browser.newPage();
  const query = `?inner=${encodeURIComponent(host())}${allow === null ? '' : `&allow=${encodeURIComponent(allow)}`}`;
  await page.goto(`http://127.0.0.1:${port}/outer${query}`);
  const frame = page.frames().find((f) => f.url().startsWith(`http://localhost:${port}/host`));
  if (!frame) throw new Error('the host page was not framed');
  return { page, events: await untilReady(frame) };
}

describe("the embedding preflight: the page's Permissions-Policy header", () => {
  it('no header: the camera is delegated by the iframe allow list, no warning', async () => {
    const { page, events } = await load(host());
    expect(warnings(events)).toEqual([]);
    expect(states(events)).toEqual(['loading', 'ready']);
    await page.close();
  });

  it('camera=(): one camera-unavailable warning naming the header and the fix; the state does not change', async () => {
    const { page, events } = await load(host(policy('camera=()')));
    expect(warnings(events)).toEqual([
      {
        provider: 'generic',
        code: 'camera-unavailable',
        message: expect.stringContaining(
          `the page's Permissions-Policy denies camera to this page and so to ${sandbox.origin}: set camera=(self "${sandbox.origin}") in the Permissions-Policy header`,
        ) as string,
      },
    ]);
    expect(states(events)).toEqual(['loading', 'ready']);
    expect(events.some((e) => e.type === 'kyc-error')).toBe(false);
    await page.close();
  });

  it("camera=(self): the page keeps the camera, the provider's origin is denied: one warning saying what to add", async () => {
    const { page, events } = await load(host(policy('camera=(self)')));
    expect(warnings(events).map((w) => w.message)).toEqual([
      `the page's Permissions-Policy denies camera to ${sandbox.origin}: add "${sandbox.origin}" to the camera allowlist of the Permissions-Policy header, e.g. camera=(self "${sandbox.origin}")`,
    ]);
    await page.close();
  });

  it('camera=(self "<provider origin>"), the header that fix asks for: no warning', async () => {
    const { page, events } = await load(host(policy(`camera=(self "${sandbox.origin}")`)));
    expect(warnings(events)).toEqual([]);
    expect(states(events)).toEqual(['loading', 'ready']);
    await page.close();
  });

  it('camera=* allows every origin: no warning', async () => {
    const { page, events } = await load(host(policy('camera=*')));
    expect(warnings(events)).toEqual([]);
    await page.close();
  });

  it('a provider with a sandboxed frame (Persona) is checked the same way', async () => {
    const denied = await load(host(`${policy('camera=(self)')}&provider=persona`));
    expect(warnings(denied.events)).toEqual([
      expect.objectContaining({ provider: 'persona', code: 'camera-unavailable' }),
    ]);
    await denied.page.close();
    const allowed = await load(host(`${policy(`camera=(self "${sandbox.origin}")`)}&provider=persona`));
    expect(warnings(allowed.events)).toEqual([]);
    await allowed.page.close();
  });

  it('once per element and frame origin: a cancel and retry, and start() again, load the frame again without a second warning', async () => {
    const { page, events } = await load(host(policy('camera=()')));
    expect(warnings(events)).toHaveLength(1);
    await page.evaluate(() => {
      const el = document.querySelector('kyc-widget')!;
      el.cancel();
      el.retry();
    });
    await untilReady(page, 2);
    await page.evaluate(() => document.querySelector('kyc-widget')!.start());
    const after = await untilReady(page, 3);
    expect(states(after)).toEqual(['loading', 'ready', 'cancelled', 'loading', 'ready', 'loading', 'ready']);
    expect(warnings(after)).toHaveLength(1);
    await page.close();
  });
});

describe('the embedding preflight: the widget inside a cross-origin frame', () => {
  it('an enclosing iframe without allow="camera": one warning naming the attribute and the framing page', async () => {
    const { page, events } = await loadFramed(null);
    expect(warnings(events).map((w) => w.message)).toEqual([
      expect.stringContaining(
        `this page is in a frame whose allow attribute does not delegate camera, so ${sandbox.origin} cannot use it: add allow="camera" to the enclosing iframe (on http://127.0.0.1:${port})`,
      ),
    ]);
    expect(states(events)).toEqual(['loading', 'ready']);
    await page.close();
  });

  it('the same frame with allow="camera": no warning', async () => {
    const { page, events } = await loadFramed('camera');
    expect(warnings(events)).toEqual([]);
    await page.close();
  });
});

describe('the embedding preflight: a page that is not a secure context', () => {
  it('http on a non-loopback name (insecure.test, resolved to 127.0.0.1): one warning saying to serve it over https', async () => {
    const { page, events } = await load(host('', 'insecure.test'));
    expect(await page.evaluate(() => isSecureContext)).toBe(false);
    expect(warnings(events).map((w) => w.message)).toEqual([
      expect.stringContaining('this page is not a secure context') as string,
    ]);
    expect(warnings(events)[0]?.message).toContain('over https');
    expect(states(events)).toEqual(['loading', 'ready']);
    await page.close();
  });
});
