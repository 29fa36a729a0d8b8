import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { KycWidgetElement } from '../../src/index';
import { loadLanguage } from '../../src/i18n/index';
import { screenMessages } from '../../src/ui/screen-messages';
import { attr, fixtureCleanup, SANDBOX, scripted, untilState, widget } from './helpers';

/**
 * The screens after the flow, as a person on a phone sees them: an error that cannot be retried says one possible
 * next step (a reload, with its button; for the site's own set-up, to contact the site, never to reload); and the
 * result and error screens take their own height, not the last frame's.
 */

afterEach(() => fixtureCleanup());

const part = (el: KycWidgetElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

async function screen(el: KycWidgetElement, name: string): Promise<HTMLElement> {
  await expect.poll(() => part(el, name), { timeout: 5000 }).not.toBeNull();
  return part(el, name)!;
}

describe('an error that cannot be retried', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`a provider's final error: no "try again", and the reload it suggests has its button (${locale})`, async () => {
      await loadLanguage(locale);
      const m = screenMessages(locale);
      const el = await widget(
        `<kyc-widget locale="${locale}" session-url="${attr(scripted(['ready', 'error:E_FATAL:false']))}"></kyc-widget>`,
      );
      await untilState(el, 'error');
      const error = await screen(el, 'error');
      await expect.poll(() => error.querySelector('h2')!.textContent).toBe(m.errors['provider-error'].title);
      expect(error.textContent).not.toContain(m.errors['provider-error'].text);
      expect(error.textContent).toContain(m.stuck);
      expect(part(el, 'retry-button')).toBeNull();
      expect(part(el, 'reload-button')!.textContent).toBe(m.reload);
    });

    it(`config-invalid: the person is not told to reload (${locale})`, async () => {
      await loadLanguage(locale);
      const m = screenMessages(locale);
      const el = await widget(
        `<kyc-widget locale="${locale}" provider="veriff" session-url="${attr(`${SANDBOX}/veriff`)}"></kyc-widget>`,
      );
      await untilState(el, 'error');
      const error = await screen(el, 'error');
      await expect.poll(() => error.textContent).toContain(m.errors['config-invalid'].text);
      expect(error.textContent).toContain(m.stuckConfig);
      expect(error.textContent).not.toContain(m.stuck);
      expect(error.textContent).not.toContain(m.reload);
      expect(error.querySelector('button')).toBeNull();
    });
  }
});

describe('on a 390×844 phone, after a frame taller than the screen', () => {
  const CASES: Array<[string, string[], string]> = [
    ['the result screen', ['ready', 'resize:1076', 'wait:100', 'complete:approved'], 'result'],
    ['the error screen', ['ready', 'resize:1076', 'wait:100', 'error:E_FATAL:false'], 'error'],
    ['the cancelled screen', ['ready', 'resize:1076', 'wait:100', 'cancel'], 'error'],
  ];
  for (const [name, steps, screenPart] of CASES) {
    it(`${name} takes its own height, not the frame's`, async () => {
      await page.viewport(390, 844);
      const el = await widget(`<kyc-widget session-url="${attr(scripted(steps))}"></kyc-widget>`);
      const stage = el.shadowRoot!.querySelector<HTMLElement>('.stage')!;
      // The frame asked for 1076 px (the stage took it while the frame showed).
      await expect.poll(() => stage.style.getPropertyValue('--_frame-resized')).toBe('1076px');
      await expect.poll(() => el.state).not.toBe('ready');
      const shown = await screen(el, screenPart);
      // Wait out the stage's height transition, then: the screen's content and its padding, nothing more.
      await expect.poll(() => stage.getBoundingClientRect().height, { timeout: 3000 }).toBeLessThan(600);
      const height = stage.getBoundingClientRect().height;
      expect(height).toBeGreaterThanOrEqual(shown.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(Math.max(240, shown.getBoundingClientRect().height + 48) + 1);
      // Everything the person needs is on the screen without scrolling past a blank box.
      expect(shown.getBoundingClientRect().bottom - el.getBoundingClientRect().top).toBeLessThan(844);
    });
  }
});
