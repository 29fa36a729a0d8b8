// `npm run screenshots`: pictures of the widget in each state, on a desktop and on a phone, light and dark,
// and in Arabic, into docs/screenshots/ (the README shows them). Uses the built dist/ (it builds if needed),
// the sandbox provider on a second origin, and Debian's Chromium.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.mjs';
import { buildAll } from './build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { startHost } from './serve.mjs';

const OUT = new URL('../docs/screenshots/', import.meta.url);

/** name → [widget attributes given the sandbox origin, the state to wait for, an action before the picture]. */
const STATES = {
  loading: [(s) => ({ 'session-url': `${s}/silent`, 'load-timeout': '60000' }), 'loading'],
  ready: [(s) => ({ 'session-url': `${s}/generic?session=shot` }), 'ready'],
  approved: [(s) => ({ 'session-url': `${s}/generic?script=ready,complete:approved&session=sbx_7f3a2c` }), 'complete'],
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
  'config-invalid': [() => ({ 'session-url': 'http://example.com/' }), 'error'],
  offline: [(s) => ({ 'session-url': `${s}/generic?session=shot` }), 'ready', 'offline'],
};

const VARIANTS = {
  desktop: { viewport: { width: 900, height: 820 }, theme: 'light', locale: 'en' },
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
