// `npm run screenshots`: pictures of the widget in each state, on a desktop and on a phone, light and dark,
// and in Arabic, into docs/screenshots/ (the README shows them). Uses the built dist/ (it builds if needed),
// the sandbox provider on a second origin, and Debian's Chromium.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.mjs';
import { buildAll } from './build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { startHost } from './serve.mjs';

// `--out <folder>` writes them elsewhere (to look at them without touching the repository's).
const outAt = process.argv.indexOf('--out');
const OUT =
  outAt > 0
    ? pathToFileURL(`${path.resolve(process.argv[outAt + 1])}/`)
    : new URL('../docs/screenshots/', import.meta.url);

/** Decision endpoints of the pictures' page (routed in the browser): one that never answers, one unreachable. */
const HANGS = '/__shots/decision-hangs';
const FAILS = '/__shots/decision-fails';

/** name → [widget attributes given the sandbox origin, the state to wait for, an action before the picture]. */
const STATES = {
  loading: [(s) => ({ 'session-url': `${s}/silent`, 'load-timeout': '60000' }), 'loading'],
  ready: [(s) => ({ 'session-url': `${s}/generic?session=shot` }), 'ready'],
  // After the flow with a decision endpoint: checking until it says; "your result will follow" when it cannot.
  checking: [
    (s) => ({
      'session-url': `${s}/generic?script=ready,complete:approved&session=sbx_7f3a2c`,
      'decision-endpoint': HANGS,
    }),
    'complete',
  ],
  later: [
    (s) => ({
      'session-url': `${s}/generic?script=ready,complete:approved&session=sbx_7f3a2c`,
      'decision-endpoint': FAILS,
    }),
    'complete',
  ],
  // Without one, and no decision set: submitted, whatever the frame said.
  submitted: [(s) => ({ 'session-url': `${s}/generic?script=ready,complete:approved&session=sbx_7f3a2c` }), 'complete'],
  // The frame was 1076 px tall: the result takes its own height.
  approved: [
    (s) => ({
      'session-url': `${s}/generic?script=ready,resize:1076,wait:200,complete:approved&session=sbx_7f3a2c`,
      decision: 'approved',
    }),
    'complete',
  ],
  declined: [
    (s) => ({ 'session-url': `${s}/generic?script=ready,complete:declined&session=sbx_7f3a2c`, decision: 'declined' }),
    'complete',
  ],
  review: [
    (s) => ({
      'session-url': `${s}/generic?script=ready,submit,complete:pending&session=sbx_7f3a2c`,
      decision: 'review',
    }),
    'complete',
  ],
  'camera-error': [
    (s) => ({ 'session-url': `${s}/generic?script=ready,error:camera-unavailable&session=sbx_7f3a2c` }),
    'error',
  ],
  'final-error': [
    (s) => ({ 'session-url': `${s}/generic?script=ready,error:E_FATAL:false&session=sbx_7f3a2c` }),
    'error',
  ],
  'config-invalid': [() => ({ 'session-url': 'http://example.com/' }), 'error'],
  offline: [(s) => ({ 'session-url': `${s}/generic?session=shot` }), 'ready', 'offline'],
};

const VARIANTS = {
  desktop: { viewport: { width: 900, height: 820 }, theme: 'light', locale: 'en' },
  phone: { viewport: { width: 390, height: 844 }, theme: 'light', locale: 'en' },
  'phone-dark': { viewport: { width: 360, height: 740 }, theme: 'dark', locale: 'en' },
  'phone-ar': { viewport: { width: 360, height: 740 }, theme: 'light', locale: 'ar' },
};

async function main() {
  if (!existsSync(new URL('../dist/kyc-widget.js', import.meta.url))) await buildAll();
  await mkdir(OUT, { recursive: true });
  const sandbox = await startSandbox({ host: 'localhost', port: 0 });
  const host = await startHost({ host: '127.0.0.1', port: 0, sandboxOrigin: sandbox.origin });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (const [variant, { viewport, theme, locale }] of Object.entries(VARIANTS)) {
      const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
      for (const [name, [inputs, state, action]] of Object.entries(STATES)) {
        const page = await context.newPage();
        await page.route(`**${HANGS}*`, () => {}); // never answered
        await page.route(`**${FAILS}*`, (route) => route.abort('connectionrefused'));
        await page.goto(`${host.origin}/plain.html`);
        await page.evaluate(
          ({ attributes, theme, locale }) => {
            document.body.replaceChildren();
            document.body.style.cssText = 'margin:0;padding:16px;background:Canvas';
            const el = document.createElement('kyc-widget');
            for (const [key, value] of Object.entries({ ...attributes, theme, locale })) el.setAttribute(key, value);
            el.style.cssText = 'max-width:520px;margin:auto;--kyc-frame-height:560px';
            document.body.append(el);
          },
          { attributes: inputs(sandbox.origin), theme, locale },
        );
        await page.waitForFunction((s) => document.querySelector('kyc-widget')?.state === s, state);
        if (action === 'offline') await page.evaluate(() => window.dispatchEvent(new Event('offline')));
        await page.waitForTimeout(700); // screens, fonts and the frame's first paint
        await page.locator('kyc-widget').screenshot({ path: new URL(`${variant}-${name}.png`, OUT).pathname });
        await page.close();
      }
      await context.close();
    }
    // The modal on a phone.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${host.origin}/plain.html`);
    await page.evaluate((s) => {
      document.body.replaceChildren();
      const el = document.createElement('kyc-widget');
      el.setAttribute('mode', 'modal');
      el.setAttribute('session-url', `${s}/generic?session=shot`);
      document.body.append(el);
      el.setAttribute('open', '');
    }, sandbox.origin);
    await page.waitForFunction(() => document.querySelector('kyc-widget')?.state === 'ready');
    await page.waitForTimeout(700);
    await page.screenshot({ path: new URL('phone-modal.png', OUT).pathname });
    await context.close();
  } finally {
    await browser.close();
    await Promise.all([host.close(), sandbox.close()]);
  }
  console.log(`screenshots written to ${OUT.pathname}`);
}

await main();
