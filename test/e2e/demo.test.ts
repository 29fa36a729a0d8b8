import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.mjs';
import { startHost } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium';

/** The `npm start` demo as a person uses it: the host page, a verification clicked through in the sandbox. */
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let host: Awaited<ReturnType<typeof startHost>>;

beforeAll(async () => {
  // The sandbox's webhooks come back to the demo's backend, as under npm start (scripts/serve.mjs).
  sandbox = await startSandbox({
    host: 'localhost',
    port: 0,
    webhookUrl: (provider: string) => `${host.origin}/api/kyc-webhook/${provider}`,
  });
  // Demo sessions expire after 2 s here (45 s in npm start), so a refresh happens within the test.
  host = await startHost({ host: '127.0.0.1', port: 0, sandboxOrigin: sandbox.origin, sessionLifetimeMs: 2000 });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([host?.close(), sandbox?.close()]);
});

async function openDemo(query = '', before?: (page: Page) => void): Promise<{ page: Page; problems: string[] }> {
  // Tall enough that no step of the sandbox's flow needs scrolling: a frame's focus() scrolls the host page, and a
  // click aimed before that scroll lands beside its button (seen in about one run in three at 900 px).
  const page = await browser.newPage({ viewport: { width: 1200, height: 2000 } });
  // A step that cannot happen fails by name within the test's time, not as the test's own timeout.
  page.setDefaultTimeout(10000);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  before?.(page);
  await page.goto(`${host.origin}/${query}`);
  return { page, problems };
}

const logged = (page: Page) => page.locator('#log .name').allTextContents();

/**
 * Where the page is, for a step that failed: the widget's state, every event it logged (with its detail), and the
 * sandbox's step, notes and status. One run in a few loaded full runs lost a step; this says which and why.
 */
async function whereIs(page: Page): Promise<string> {
  const frame = page.frameLocator('kyc-widget iframe[part="frame"]');
  const text = (selector: string) =>
    frame
      .locator(selector)
      .textContent({ timeout: 1000 })
      .then(
        (content) => content?.trim(),
        () => '(none)',
      );
  const widget = await page
    .evaluate(() => {
      const element = document.querySelector('kyc-widget');
      const frames = [...(element?.shadowRoot?.querySelectorAll('iframe') ?? [])];
      return { state: element?.state, frames: frames.map((frame) => `${frame.getAttribute('part')} ${frame.src}`) };
    })
    .catch((error: Error) => error.message);
  const log = await page.locator('#log li').allTextContents();
  return JSON.stringify(
    {
      widget,
      log,
      step: await text('#step-heading'),
      docStatus: await text('#doc-status'),
      docError: await text('#doc-error'),
      camera: await text('#camera-status'),
      sandbox: await text('#sandbox-status'),
    },
    null,
    2,
  );
}

/** Runs `steps`; a step that fails says where the page was. */
async function explained(page: Page, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    (error as Error).message += `\nwhere the page was: ${await whereIs(page)}`;
    throw error;
  }
}

describe('the demo', () => {
  it('lets a person complete a verification in the sandbox, with the camera, and logs kyc-ready … kyc-complete', async () => {
    const { page, problems } = await openDemo();
    const frame = page.frameLocator('kyc-widget iframe[part="frame"]');
    // Every result screen the person is shown, and whether kyc-decision had fired by then.
    await page.waitForFunction(() => document.querySelector('kyc-widget')?.shadowRoot);
    await page.evaluate(() => {
      const el = document.querySelector('kyc-widget')!;
      const shown: Array<{ outcome: string; decided: boolean }> = [];
      (window as unknown as { shown: typeof shown }).shown = shown;
      let decided = false;
      el.addEventListener('kyc-decision', () => (decided = true));
      new MutationObserver(() => {
        const outcome = el.shadowRoot!.querySelector('[part~="result"]')?.getAttribute('data-outcome');
        if (outcome && shown.at(-1)?.outcome !== outcome) shown.push({ outcome, decided });
      }).observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true });
    });
    await explained(page, async () => {
      await frame.getByRole('button', { name: 'Start verification' }).click();
      await frame.getByRole('button', { name: 'Use a sample document' }).click();
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('button', { name: 'Open camera' }).click(); // Chromium's fake camera, through the frame's allow list
      // The fake camera normally opens; while it is still opening or if it fails, the sandbox offers a simulated capture.
      // The camera going live re-renders those buttons, so a click can land on the one just replaced: click until the
      // snapshot is taken (the sandbox then offers "Take again").
      await expect
        .poll(
          async () => {
            if (await frame.getByRole('button', { name: 'Take again' }).isVisible()) return 'taken';
            await frame
              .getByRole('button', { name: /^(Capture|Simulate capture)$/ })
              .first()
              .click({ timeout: 1000 })
              .catch(() => {});
            return 'not yet';
          },
          { timeout: 20000 },
        ) // each try waits up to 1 s for its button: many tries, not two, on a loaded machine
        .toBe('taken');
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('button', { name: 'Submit' }).click();
      // Not awaited: the flow ends and the widget removes the iframe while the click is being acknowledged.
      void frame
        .getByRole('button', { name: 'Approve' })
        .click()
        .catch(() => {});
      await expect.poll(() => page.evaluate(() => document.querySelector('kyc-widget')!.state)).toBe('complete');
      // The backend confirmed it: the generic session came from the sandbox's API, its webhook was verified.
      await expect.poll(() => logged(page)).toContain('kyc-decision');
    });
    const names = (await logged(page)).filter((name) => name !== 'kyc-statechange');
    expect(names).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-progress',
      'kyc-submit',
      'kyc-complete',
      'kyc-decision',
    ]);
    expect(await page.locator('#server-decision').textContent()).toBe('approved ✓');
    await expect
      .poll(() => page.locator('kyc-widget [part~="result"]').textContent())
      .toContain('Verification approved');
    // Never more than the server confirmed: "checking" until kyc-decision, then the decision.
    expect(await page.evaluate(() => (window as unknown as { shown: unknown }).shown)).toEqual([
      { outcome: 'checking', decided: false },
      { outcome: 'approved', decided: true },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offers every provider in its picker, and each one reaches ready', async () => {
    const { page, problems } = await openDemo();
    const providers = await page
      .locator('select[name=provider] option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(providers).toEqual([
      'generic',
      'persona',
      'sumsub',
      'veriff',
      'jumio',
      'idenfy',
      'didit',
      'yoti',
      'veratad',
      'caf',
      'zignsec',
      'onfido',
      'stripe',
      'plaid',
      'jumio-sdk',
      'auto',
    ]);
    // The person picking sees names, not ids.
    const labels = await page.locator('select[name=provider] option').allTextContents();
    expect(labels).toEqual([
      'Generic protocol',
      'Persona',
      'Sumsub',
      'Veriff',
      'Jumio',
      'iDenfy',
      'Didit',
      'Yoti',
      'Veratad',
      'CAF',
      'ZignSec',
      'Onfido',
      'Stripe Identity',
      'Plaid',
      'Jumio (web component)',
      'auto: your backend chooses (Veriff, then Persona)',
    ]);
    // Running: ready, or already in progress where the provider's page reports its first step on load (CAF).
    for (const provider of providers) {
      await page.selectOption('select[name=provider]', provider);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('kyc-widget')!.state), {
          message: provider,
          timeout: 10000,
        })
        .toMatch(/^(ready|in-progress)$/);
      // The provider the picked demo names (the web component's entry is the provider jumio with options.sdk).
      expect(await page.evaluate(() => document.querySelector('kyc-widget')!.provider)).toBe(
        provider.replace(/-sdk$/, ''),
      );
    }
    expect(problems).toEqual([]);
    await page.close();
    // 15 providers and auto, each up to 10 s on a busy machine: more than the project's 30 s default.
  }, 90000);

  it('gets its session from the demo endpoint, and when it expires, a fresh token reaches the same frame', async () => {
    const requests: unknown[] = [];
    // The generic provider's session comes from the backend by default (the sandbox has its session API).
    const { page, problems } = await openDemo('', (page) =>
      page.on(
        'request',
        (request) => request.url().endsWith('/api/kyc-session') && requests.push(request.postDataJSON()),
      ),
    );
    expect(await page.locator('select[name=session]').inputValue()).toBe('endpoint');
    await expect.poll(() => page.evaluate(() => document.querySelector('kyc-widget')!.state)).toBe('ready');
    const frame = page.frameLocator('kyc-widget iframe[part="frame"]');
    // The sandbox page says "token expired" at the session's expiry; the widget asks again and hands the token over.
    await expect
      .poll(() => frame.locator('#sandbox-status').textContent(), { timeout: 10000 })
      .toBe('Token refreshed.');
    // The first ask, then refreshes only: each token lives 2 s here, so a machine slow enough to take longer than
    // that between the refresh and this read sees the refreshed token expire and refresh again (a loaded full run
    // read three requests).
    expect(requests.slice(0, 2)).toEqual([
      { provider: 'generic', locale: 'en', refresh: false },
      { provider: 'generic', locale: 'en', refresh: true },
    ]);
    expect(requests.slice(2)).toEqual(
      requests.slice(2).map(() => ({ provider: 'generic', locale: 'en', refresh: true })),
    );
    expect((await logged(page)).includes('kyc-error')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});
