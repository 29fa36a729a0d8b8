import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.mjs';
import { launchChromium } from '../support/chromium';

/**
 * Server-rendered widgets (kyc-widget/server `renderKycWidget`, as it ships in dist/server) in real Chromium: the
 * host pages come from a real Node HTTP server on http://localhost:P, the provider's frame from the sandbox on
 * http://127.0.0.1:Q, which counts every request for a frame page. The widget's script comes late (the server holds
 * it back until the test releases it), early (a classic script before the tag), async, parser-blocking after the
 * tag, or not at all; in every case the page requests its frame once.
 */

type ServerEntry = typeof import('../../src/server/index');
interface Recorded {
  type: string;
  detail: Record<string, unknown>;
}

const dist = new URL('../../dist/', import.meta.url);
let server: ServerEntry;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let stranger: Awaited<ReturnType<typeof startSandbox>>;
let host: Server;
let origin: string;
/** Requests for a frame page (`/generic`), by its `session` parameter, with when they arrived (ms, server clock). */
const frameRequests = new Map<string, number[]>();
/** When each host page was requested, by its `session`. */
const pageRequests = new Map<string, number>();
/** Held-back widget scripts, by key: call to send. */
const held = new Map<string, () => void>();
/** Requests for dist/'s files under /held/<key>/, by their path after it: key → path → count. */
const served = new Map<string, Map<string, number>>();
const sessionAsks: unknown[] = [];

const NONCE = 'n0nce-e2e';
const EVENTS = ['kyc-statechange', 'kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-complete', 'kyc-error'];

/** Records the widget's events and the frames' sandbox notes from the start, before any widget exists. */
const RECORDER = `window.kycEvents = [];
window.frameSaid = [];
for (const type of ${JSON.stringify(EVENTS)})
  document.addEventListener(type, (e) => window.kycEvents.push({ type, detail: e.detail }));
addEventListener('message', (e) => { if (e.data && typeof e.data.sandbox === 'string') window.frameSaid.push(e.data.sandbox); });`;

type Script = 'late' | 'early' | 'async' | 'blocking' | 'absent';

function frameUrl(session: string, steps: string[]): string {
  return `${sandbox.origin}/generic?${new URLSearchParams({ script: steps.join(','), session })}`;
}

function page(url: URL): string {
  const session = url.searchParams.get('session') ?? '';
  const script = (url.searchParams.get('script') ?? 'late') as Script;
  const steps = (url.searchParams.get('steps') ?? 'ready').split(',');
  const sdk = url.searchParams.get('sdk');
  if (sdk) return sdkPage(sdk, session, url.searchParams.get('entry'));
  const widget = server.renderKycWidget({
    provider: 'generic',
    sessionUrl: frameUrl(session, steps),
    ...(url.searchParams.has('endpoint') ? { sessionEndpoint: '/api/kyc-session' } : {}),
    locale: 'en',
    pageOrigin: origin,
    nonce: NONCE,
  });
  const tag = {
    late: `<script type="module" src="/held/${session}/kyc-widget.js"></script>`,
    early: '<script src="/kyc-widget.iife.js"></script>',
    async: '<script async src="/kyc-widget.iife.js"></script>',
    blocking: '',
    absent: '',
  }[script];
  const after = script === 'blocking' ? '<script src="/kyc-widget.iife.js"></script>' : '';
  const forger = url.searchParams.has('forger')
    ? `<iframe id="forger" src="${stranger.origin}/generic?script=complete:approved&amp;host-origin=${encodeURIComponent(origin)}"></iframe>`
    : '';
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>rendered</title>
<script src="/recorder.js"></script>${tag}
<main>${widget}</main>${forger}${after}`;
}

/** The sandbox's stand-ins of the vendors' loaders, by provider (sandbox/public/sdk/). */
const LOADERS: Record<string, string> = {
  onfido: '/sdk/onfido/Onfido.js',
  stripe: '/sdk/stripe/stripe.js',
  plaid: '/sdk/plaid/link-initialize.js',
};

/**
 * An SDK-hosted provider rendered with no token and no endpoint: the page's own script sets the token (before the
 * tag is defined: the widget's script is held back). The loader's URL counts its downloads by the page's session.
 * With `entry` (`all` or `own`), the renderer is told the widget's script (the all-in bundle or the provider's own
 * entry) and preloads it with its chunks.
 */
function sdkPage(provider: string, session: string, entry: string | null): string {
  const file = entry === 'own' ? `kyc-widget-${provider}.js` : 'kyc-widget.js';
  const script = `/held/${session}/${file}`;
  const widget = server.renderKycWidget({
    ...(entry ? { widgetScript: script } : {}),
    provider,
    allowedOrigins: sandbox.origin,
    options: {
      sdkUrl: `${sandbox.origin}${LOADERS[provider]}?count=${session}`,
      ...(provider === 'stripe' ? { publishableKey: 'pk_test_sbxDemo0001' } : {}),
    },
    locale: 'en',
    pageOrigin: origin,
    nonce: NONCE,
  });
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>rendered</title>
<script src="/recorder.js"></script><script type="module" src="${script}"></script>
<main>${widget}</main><script nonce="${NONCE}">document.querySelector('kyc-widget').sessionToken = 'script=wait';</script>`;
}

/** How many times the sandbox served the loader of the page with this session. */
async function loaderDownloads(session: string): Promise<number> {
  const answer = await fetch(`${sandbox.origin}/sdk-requests?count=${encodeURIComponent(session)}`);
  return ((await answer.json()) as { requests: number }).requests;
}

async function send(res: import('node:http').ServerResponse, file: string, type: string): Promise<void> {
  const body = await readFile(new URL(file, dist));
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
}

function handle(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  const url = new URL(req.url ?? '/', origin);
  // dist/ under /held/<key>/: the widget's entry there is held back until the test releases it. By path, not by a
  // query: its chunks import the entry by its URL without a query, which would be a second module.
  const [, key, path] = /^\/held\/([\w-]+)(\/.*)$/.exec(url.pathname) ?? [url.pathname, undefined, url.pathname];
  if (key) served.set(key, new Map(served.get(key)).set(path, (served.get(key)?.get(path) ?? 0) + 1));
  const js = 'text/javascript; charset=utf-8';
  if (url.pathname === '/page') {
    pageRequests.set(url.searchParams.get('session') ?? '', performance.now());
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...server.KYC_RENDERED_HEADERS,
      // An SDK-hosted provider's script runs in the page: its origin in script-src, as docs/embedding.md says.
      'Content-Security-Policy': `script-src 'self' 'nonce-${NONCE}'${url.searchParams.has('sdk') ? ` ${sandbox.origin}` : ''}`,
    });
    res.end(page(url));
  } else if (url.pathname === '/favicon.ico') res.writeHead(204).end();
  else if (url.pathname === '/recorder.js') res.writeHead(200, { 'Content-Type': js }).end(RECORDER);
  else if (/^\/kyc-widget(-[a-z]+)?\.js$/.test(path)) {
    const go = () => void send(res, path.slice(1), js).catch(() => res.writeHead(404).end());
    if (key) held.set(key, go);
    else go();
  } else if (path === '/kyc-widget.iife.js') void send(res, 'kyc-widget.iife.js', js);
  else if (path.startsWith('/chunks/') && !path.includes('..'))
    void send(res, path.slice(1), js).catch(() => res.writeHead(404).end());
  else if (url.pathname === '/api/kyc-session' && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      sessionAsks.push(JSON.parse(body));
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ sessionUrl: frameUrl('renewed', ['ready', 'progress:renewed']) }));
    });
  } else res.writeHead(404).end();
}

beforeAll(async () => {
  server = (await import(/* @vite-ignore */ new URL('server/index.js', dist).href)) as ServerEntry;
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  stranger = await startSandbox({ host: '127.0.0.1', port: 0 });
  sandbox.server.on('request', (req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', sandbox.origin);
    if (url.pathname !== '/generic') return;
    const session = url.searchParams.get('session') ?? '';
    frameRequests.set(session, [...(frameRequests.get(session) ?? []), performance.now()]);
  });
  host = createServer(handle);
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  origin = `http://localhost:${(host.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  host?.closeAllConnections();
  host?.close();
  await Promise.all([sandbox?.close(), stranger?.close()]);
});

let runs = 0;

/** Opens a rendered page; `errors` collects the page's uncaught errors and console errors. */
async function open(
  script: Script,
  query: Record<string, string> = {},
): Promise<{ page: Page; session: string; errors: string[] }> {
  const session = `ssr-${script}-${runs++}`;
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text() + ' ' + message.location().url);
  });
  await page.goto(`${origin}/page?${new URLSearchParams({ session, script, ...query })}`, {
    waitUntil: 'commit',
  });
  return { page, session, errors };
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { kycEvents: Recorded[] }).kycEvents);

/** Waits until the widget has fired `type` `times` times (or any of `types` once). */
async function until(page: Page, type: string | string[], times = 1): Promise<Recorded[]> {
  await page.waitForFunction(
    ([t, n]) =>
      ((window as unknown as { kycEvents?: Recorded[] }).kycEvents ?? []).filter((e) => [t].flat().includes(e.type))
        .length >= n,
    [type, times] as const,
    { timeout: 15000 },
  );
  return events(page);
}

/** Waits until the frame's script has run to its end (it says so to the page). */
const scriptDone = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { frameSaid?: string[] }).frameSaid?.includes('script-done'), null, {
    timeout: 15000,
  });

/** Waits until the page's widget script is held back by the server, then lets it go. */
async function release(session: string): Promise<void> {
  await expect.poll(() => held.has(session), { timeout: 15000 }).toBe(true);
  held.get(session)!();
}

const frameCount = (session: string) => frameRequests.get(session)?.length ?? 0;
const types = (recorded: Recorded[]) =>
  recorded.map((e) => (e.type === 'kyc-statechange' ? `state:${String(e.detail.state)}` : e.type));

/** Marks the rendered iframe, to tell it later from any other. */
const markFrame = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe')!;
    (frame as unknown as { rendered: boolean }).rendered = true;
  });
const sameFrame = (page: Page) =>
  page.evaluate(() => {
    const frames = document.querySelector('kyc-widget')!.shadowRoot!.querySelectorAll('iframe');
    return frames.length === 1 && (frames[0] as unknown as { rendered?: boolean }).rendered === true;
  });

describe('a server-rendered widget', () => {
  it('script held back: the frame is requested while the page is parsed, what it posts meanwhile is delivered once and in order, and the element adopts the same iframe', async () => {
    const steps = ['ready', 'start', 'progress:one:1:2', 'progress:two:2:2'];
    const { page, session, errors } = await open('late', { steps: steps.join(',') });
    await scriptDone(page);
    expect(frameCount(session)).toBe(1);
    // The frame asked for its page while the widget's script was still held back by the server.
    const requestedAfter = frameRequests.get(session)![0] - pageRequests.get(session)!;
    const startTime = await page.evaluate(() => {
      const src = document.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe')!.src;
      return performance.getEntriesByName(src)[0]?.startTime;
    });
    console.info(
      `rendered frame: requested ${requestedAfter.toFixed(1)} ms after the page's request by the servers' clock, ` +
        `${startTime?.toFixed(1)} ms after navigation start by the page's (script held back)`,
    );
    // Everything it said so far waits in the capture buffer: its load, four messages, the sandbox's note.
    const captured = await page.evaluate(
      () =>
        (
          document.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe') as unknown as {
            kyc: { q: Event[] };
          }
        ).kyc.q.length,
    );
    expect(captured).toBeGreaterThanOrEqual(steps.length + 1);
    expect(await events(page)).toEqual([]);
    await markFrame(page);
    await release(session);
    const recorded = await until(page, 'kyc-progress', 2);
    expect(types(recorded)).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
    ]);
    expect(recorded.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step)).toEqual(['one', 'two']);
    expect(await sameFrame(page)).toBe(true);
    // The skeleton is the element's own: the capture script went, its attribute too.
    expect(
      await page.evaluate(() => {
        const el = document.querySelector('kyc-widget')!;
        return [el.hasAttribute('data-kyc-capture'), el.shadowRoot!.querySelectorAll('script').length];
      }),
    ).toEqual([false, 0]);
    expect(frameCount(session)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('script absent: the frame is still requested and loaded once, with no error on the page', async () => {
    const { page, session, errors } = await open('absent');
    await scriptDone(page);
    expect(frameCount(session)).toBe(1);
    expect(await page.evaluate(() => customElements.get('kyc-widget'))).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const script of ['early', 'async', 'blocking'] as const) {
    it(`script ${script}: one frame request, ready once`, async () => {
      const { page, session, errors } = await open(script);
      const recorded = await until(page, 'kyc-ready');
      await scriptDone(page);
      expect(types(recorded).filter((t) => t === 'kyc-ready')).toHaveLength(1);
      expect(
        await page.evaluate(() => document.querySelector('kyc-widget')!.shadowRoot!.querySelectorAll('iframe').length),
      ).toBe(1);
      expect(frameCount(session)).toBe(1);
      // Defined before the tag, the element attaches its own root first: Chromium says it on the console, and
      // parses the rendered template as an inert one (its iframe is never requested).
      const chromiums = script === 'early' ? [/^A second declarative shadow root cannot be created/] : [];
      expect(errors.filter((e) => !chromiums.some((known) => known.test(e)))).toEqual([]);
      await page.close();
    });
  }

  it('a forged message in the capture buffer is refused: another window (wrong source) and a wrong origin', async () => {
    const { page, session, errors } = await open('late', { forger: '1' });
    await scriptDone(page);
    // The stranger's frame has said complete to this page: the capture kept it, as it keeps everything.
    await page.waitForFunction(
      (from) =>
        (
          document.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe') as unknown as {
            kyc: { q: MessageEvent[] };
          }
        ).kyc.q.some((e) => e.origin === from),
      stranger.origin,
      { timeout: 15000 },
    );
    await page.evaluate(
      ([sandboxOrigin, strangerOrigin]) => {
        const frame = document.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe')!;
        const q = (frame as unknown as { kyc: { q: Event[] } }).kyc.q;
        const complete = { kyc: 1, type: 'complete', outcome: 'approved' };
        // The frame's own window, from an origin that does not speak for it; the right origin from another window.
        q.push(new MessageEvent('message', { data: complete, origin: strangerOrigin, source: frame.contentWindow }));
        q.push(new MessageEvent('message', { data: complete, origin: sandboxOrigin, source: window }));
        // Then one that passes both checks: once it is delivered, every forgery before it has been judged.
        const after = { kyc: 1, type: 'progress', step: 'after-forgeries' };
        q.push(new MessageEvent('message', { data: after, origin: sandboxOrigin, source: frame.contentWindow }));
      },
      [sandbox.origin, stranger.origin],
    );
    await release(session);
    const recorded = await until(page, ['kyc-progress', 'kyc-complete']);
    expect(types(recorded)).not.toContain('kyc-complete');
    expect(recorded.find((e) => e.type === 'kyc-progress')?.detail.step).toBe('after-forgeries');
    expect(await page.evaluate(() => document.querySelector('kyc-widget')!.state)).toBe('in-progress');
    expect(frameCount(session)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(Object.keys(LOADERS))(
    '%s (SDK-hosted): no frame; its loader is requested while the page is parsed and downloaded once',
    async (provider) => {
      const { page, session, errors } = await open('late', { sdk: provider });
      // The widget's script is still held back: only the page's preload can have asked for the loader.
      await expect.poll(() => loaderDownloads(session), { timeout: 15000 }).toBe(1);
      expect(held.has(session)).toBe(true);
      await release(session);
      await until(page, 'kyc-ready');
      expect(await loaderDownloads(session)).toBe(1);
      expect(types(await events(page)).slice(0, 3)).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each([
    ['onfido', 'all-in'],
    ['stripe', 'all-in'],
    ['plaid', 'all-in'],
    ['stripe', 'own'],
    ['plaid', 'own'],
  ])(
    "%s with widgetScript (%s entry): the widget's chunks are requested while the page is parsed, each downloaded once",
    async (provider, entry) => {
      const { page, session, errors } = await open('late', { sdk: provider, entry });
      const asked = (path: string) => served.get(session)?.get(path) ?? 0;
      const file = entry === 'own' ? `kyc-widget-${provider}.js` : 'kyc-widget.js';
      const preloads = (JSON.parse(await readFile(new URL('preload.json', dist), 'utf8')) as Record<string, string[]>)[
        file
      ];
      expect(preloads.length).toBeGreaterThan(0);
      // The widget's script is held back until they are all asked for: only the page's preloads can have asked.
      await expect.poll(() => preloads.every((chunk) => asked(`/${chunk}`) > 0), { timeout: 15000 }).toBe(true);
      await release(session);
      await until(page, 'kyc-ready');
      // Each once: the entry's import() took the preloaded chunks from the module map (later chunks, the screens', too).
      for (const path of [`/${file}`, ...preloads.map((chunk) => `/${chunk}`)]) expect(asked(path), path).toBe(1);
      expect(Object.fromEntries(served.get(session)!)).toEqual(
        Object.fromEntries([...served.get(session)!.keys()].map((path) => [path, 1])),
      );
      expect(await loaderDownloads(session)).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('after adoption a new input starts a new attempt in a new frame, as without a server', async () => {
    const { page, session } = await open('late');
    await release(session);
    await until(page, 'kyc-ready');
    const next = frameUrl(`${session}-next`, ['ready']);
    await page.evaluate((url) => (document.querySelector('kyc-widget')!.sessionUrl = url), next);
    await until(page, 'kyc-ready', 2);
    expect(frameCount(session)).toBe(1);
    expect(frameCount(`${session}-next`)).toBe(1);
    await page.close();
  });

  it('with a session-endpoint on the element, an expired session is renewed through it', async () => {
    const asked = sessionAsks.length;
    const { page, session } = await open('late', { steps: 'ready,token-expired', endpoint: '1' });
    await scriptDone(page);
    await release(session);
    const recorded = await until(page, 'kyc-progress');
    expect(recorded.find((e) => e.type === 'kyc-progress')?.detail.step).toBe('renewed');
    expect(sessionAsks.slice(asked)).toEqual([{ provider: 'generic', locale: 'en', refresh: true }]);
    expect(frameCount(session)).toBe(1);
    expect(frameCount('renewed')).toBe(1);
    await page.close();
  });
});
