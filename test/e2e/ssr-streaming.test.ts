import { get, type IncomingMessage } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.mjs';
import { startSsrExample } from '../../examples/ssr-node/server.mjs';
import { launchChromium } from '../support/chromium';

/**
 * examples/ssr-node (docs/server.md): the shell at once, the session started when the request arrives (and reused
 * for the same person), the widget's markup streamed into the same response when the session resolves, one frame.
 * The provider's API is held by the test, so that "at once" and "when it resolves" are two observable moments.
 */

let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let example: Awaited<ReturnType<typeof startSsrExample>>;
/** Frame page requests, by session id (`/generic/session/<id>`). */
const frames = new Map<string, number>();
/** Sessions asked of the "provider", waiting for the test to answer them. */
const asked: Array<(id: string) => void> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  sandbox.server.on('request', (req: IncomingMessage) => {
    const match = /^\/generic\/session\/([\w-]+)/.exec(req.url ?? '');
    if (match) frames.set(match[1], (frames.get(match[1]) ?? 0) + 1);
  });
  example = await startSsrExample({
    allowedOrigins: [sandbox.origin],
    createSession: () =>
      new Promise((resolve) =>
        asked.push((id) => resolve({ sessionUrl: `${sandbox.origin}/generic/session/${id}?script=ready` })),
      ),
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await example?.close();
  await sandbox?.close();
});

/** Answers the oldest session request once it has been made. */
async function answer(id: string): Promise<void> {
  await expect.poll(() => asked.length, { timeout: 15000 }).toBeGreaterThan(0);
  asked.shift()!(id);
}

describe('the streamed server-rendered page (examples/ssr-node)', () => {
  it('sends the shell and its warm-up before the session exists, then the widget, with Cache-Control: private, no-store', async () => {
    const response = await new Promise<IncomingMessage>((resolve) => get(`${example.origin}/verify`, resolve));
    expect(response.headers['cache-control']).toBe('private, no-store');
    response.setEncoding('utf8');
    let body = '';
    const chunks = response[Symbol.asyncIterator]();
    while (!body.includes('<main>')) body += String((await chunks.next()).value);
    // The session is still being made: the shell is out, the provider's origin warming, no widget yet.
    expect(asked).toHaveLength(1);
    expect(body).toContain(`<link rel="preconnect" href="${sandbox.origin}">`);
    expect(body).toContain(`src="${sandbox.origin}/robots.txt"`);
    expect(body).not.toContain('<kyc-widget');
    expect(body).not.toContain('kyc-widget.js'); // the widget's script comes after its markup, never before it
    await answer('stream-raw');
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) body += String(next.value);
    expect(body).toMatch(/<kyc-widget [^>]*session-url="[^"]*\/generic\/session\/stream-raw/);
    expect(body).toContain('<template shadowrootmode="open">');
    expect(body).toMatch(/<iframe [^>]*src="[^"]*stream-raw/);
    expect(body.indexOf('<script type="module" src="/kyc-widget.js">')).toBeGreaterThan(body.indexOf('</kyc-widget>'));
  });

  it('in Chromium: one frame request, ready, and the same person gets the same session on a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const started = example.started;
    const loaded = page.goto(`${example.origin}/verify`);
    await answer('stream-page');
    await loaded;
    await page.waitForFunction(() => document.querySelector('kyc-widget')?.state === 'ready', null, {
      timeout: 15000,
    });
    expect(frames.get('stream-page')).toBe(1);
    expect(example.started).toBe(started + 1);
    expect(
      await page.evaluate(() => document.querySelector('kyc-widget')!.shadowRoot!.querySelectorAll('iframe').length),
    ).toBe(1);

    // A reload: the person's session is open, so it is reused: no session request, the same frame URL.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('kyc-widget')?.state === 'ready', null, {
      timeout: 15000,
    });
    expect(asked).toHaveLength(0);
    expect(example.started).toBe(started + 1);
    expect(frames.get('stream-page')).toBe(2); // one per page load
    expect(errors).toEqual([]);
    await context.close();
  });
});
