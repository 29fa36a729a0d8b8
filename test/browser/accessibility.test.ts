import { expect as chai } from '@open-wc/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { KycWidgetElement } from '../../src/index';
import { attr, fixtureCleanup, frameOf, scripted, SANDBOX, untilState, widget } from './helpers';

afterEach(() => fixtureCleanup());

/**
 * axe-core's rules (WCAG 2.0–2.2 A and AA, and best practices), run on the element, shadow DOM included, by
 * @open-wc/testing's `accessible()`: it fails listing each violation with its rule, target and fix. The host page
 * decides its landmarks (`region` is left out); the provider's cross-origin page is theirs and axe cannot enter it.
 */
async function expectAccessible(el: Element): Promise<void> {
  await chai(el).to.be.accessible({ ignoredRules: ['region'] });
}

async function uiRendered(el: KycWidgetElement, selector: string): Promise<Element> {
  await expect.poll(() => el.shadowRoot!.querySelector(selector), { timeout: 5000 }).not.toBeNull();
  return el.shadowRoot!.querySelector(selector)!;
}

const STATES: Array<[string, string, string, string]> = [
  ['loading', scripted(['wait:5000', 'ready']), 'loading', '[part~="status"]'],
  ['ready', scripted(['ready']), 'ready', 'iframe'],
  ['complete (approved)', scripted(['ready', 'complete:approved']), 'complete', '[part~="result"]'],
  ['complete (declined)', scripted(['ready', 'complete:declined']), 'complete', '[part~="result"]'],
  ['complete (pending)', scripted(['ready', 'complete:pending']), 'complete', '[part~="result"]'],
  ['cancelled', scripted(['ready', 'cancel']), 'cancelled', '[part~="retry-button"]'],
  ['error, recoverable', scripted(['ready', 'error:x']), 'error', '[part~="retry-button"]'],
  ['error, final', scripted(['ready', 'error:x:false']), 'error', '[part~="error"]'],
  ['offline (banner over the frame)', scripted(['ready', 'start']), 'in-progress', 'iframe'],
  ['idle', '', 'idle', '.root'],
];

let runs = 0;
afterAll(() => console.log(`accessibility: ${runs} axe runs without a violation (states × light/dark × ltr/rtl)`));

describe('accessibility: no axe violations in any state × light/dark × left-to-right/right-to-left', () => {
  for (const locale of ['en', 'ar'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, url, state, selector] of STATES) {
        it(`${name}, ${theme}, ${locale === 'ar' ? 'Arabic (rtl)' : 'English (ltr)'}`, async () => {
          const session = url ? ` session-url="${attr(url)}"` : '';
          const el = await widget(`<kyc-widget locale="${locale}" theme="${theme}"${session}></kyc-widget>`);
          await untilState(el, state);
          if (name.startsWith('offline')) {
            window.dispatchEvent(new Event('offline'));
            await uiRendered(el, '[part~="banner"]:not([hidden])');
          }
          await uiRendered(el, selector);
          if (locale === 'ar')
            await expect.poll(() => el.shadowRoot!.querySelector('.root')!.getAttribute('dir')).toBe('rtl');
          await expectAccessible(el);
          if (name.startsWith('offline')) window.dispatchEvent(new Event('online'));
          runs++;
        });
      }
    }
  }

  it('config-invalid, in Arabic (right to left)', async () => {
    const el = await widget(`<kyc-widget locale="ar" session-url="http://example.com/"></kyc-widget>`);
    await untilState(el, 'error');
    await uiRendered(el, '[part~="error"]');
    // Arabic is a chunk of its own: the screen switches to it as soon as it has arrived.
    await expect.poll(() => el.shadowRoot!.querySelector('[part~="error"]')!.textContent).toContain('التحقق غير متاح');
    await expectAccessible(el);
  });

  it('the open modal', async () => {
    const el = await widget(`<kyc-widget mode="modal" open session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
    await untilState(el, 'ready');
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-label')).toBe('Identity verification');
    expect(el.shadowRoot!.querySelector('[part~="close-button"]')!.getAttribute('aria-label')).toBe('Close');
    await expectAccessible(el);
  });
});

describe('announcements and focus', () => {
  it('announces state changes through a polite live region', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'progress:document:1:3', 'wait:200', 'complete:declined']))}"></kyc-widget>`,
    );
    const live = el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')!;
    expect(live).not.toBeNull();
    // What is said in one task is said together: entering in-progress and the step come with one message.
    await expect.poll(() => live.textContent).toContain('Step 1 of 3');
    await untilState(el, 'complete');
    // The frame's "declined" is the browser's word: the screen says submitted (the host's decision would say more).
    await expect.poll(() => live.textContent).toBe('Verification submitted');
  });

  it("moves focus to the new screen's heading when the flow ends while the person is in it, and does not announce it twice", async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'wait:300', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'ready');
    frameOf(el)!.focus();
    expect(el.shadowRoot!.activeElement).toBe(frameOf(el));
    await untilState(el, 'complete');
    const result = await uiRendered(el, '[part~="result"]');
    await expect.poll(() => el.shadowRoot!.activeElement).toBe(result.querySelector('h2'));
    // The focused heading is read out; the live region does not say the same title again.
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).not.toContain('Verification approved');
  });

  it('does not steal focus from the host page when the person is elsewhere', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'complete');
    await uiRendered(el, '[part~="result"]');
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('the retry button is reached with Tab and pressed with Enter, the restart button with Space', async () => {
    const before = document.createElement('input');
    document.body.prepend(before);
    try {
      const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'error:x']))}"></kyc-widget>`);
      await untilState(el, 'error');
      const button = await uiRendered(el, '[part~="retry-button"]');
      before.focus();
      await userEvent.tab();
      expect(el.shadowRoot!.activeElement).toBe(button);
      await userEvent.keyboard('{Enter}');
      expect(el.state).toBe('loading');
      await untilState(el, 'error');
      el.sessionUrl = scripted(['ready', 'cancel']);
      await untilState(el, 'cancelled');
      const restart = await uiRendered(el, '[part~="retry-button"]');
      before.focus();
      await userEvent.tab();
      expect(el.shadowRoot!.activeElement).toBe(restart);
      await userEvent.keyboard(' ');
      await expect.poll(() => el.state).not.toBe('cancelled');
    } finally {
      before.remove();
    }
  });

  it('lets the host replace the built-in screens through slots', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(`${SANDBOX}/generic?script=ready,complete:approved`)}"><p slot="result">Welcome aboard</p></kyc-widget>`,
    );
    await untilState(el, 'complete');
    const slot = (await uiRendered(el, 'slot[name="result"]')) as HTMLSlotElement;
    expect(slot.assignedElements().map((e) => e.textContent)).toEqual(['Welcome aboard']);
  });
});
