import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { KycWidgetElement } from '../../src/index';
import { attr, fixtureCleanup, frameOf, scripted, SANDBOX, untilState, widget } from './helpers';

afterEach(() => fixtureCleanup());

/** WCAG 2.2 AA rules, run on the element (shadow DOM included). The provider's page is theirs: frames are not entered. */
async function violations(el: Element): Promise<string[]> {
  const result = await axe.run(el, {
    iframes: false,
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { region: { enabled: false } }, // the host page decides its landmarks
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
];

describe('accessibility: no axe violations in any state', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [name, url, state, selector] of STATES) {
      it(`${name}, ${theme}`, async () => {
        const el = await widget(`<kyc-widget theme="${theme}" session-url="${attr(url)}"></kyc-widget>`);
        await untilState(el, state);
        await uiRendered(el, selector);
        expect(await violations(el)).toEqual([]);
      });
    }
  }

  it('config-invalid, in Arabic (right to left)', async () => {
    const el = await widget(`<kyc-widget locale="ar" session-url="http://example.com/"></kyc-widget>`);
    await untilState(el, 'error');
    await uiRendered(el, '[part~="error"]');
    // Arabic is a chunk of its own: the screen switches to it as soon as it has arrived.
    await expect.poll(() => el.shadowRoot!.querySelector('[part~="error"]')!.textContent).toContain('حدث خطأ ما');
    expect(await violations(el)).toEqual([]);
  });

  it('the open modal', async () => {
    const el = await widget(`<kyc-widget mode="modal" open session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
    await untilState(el, 'ready');
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-label')).toBe('Identity verification');
    expect(el.shadowRoot!.querySelector('[part~="close-button"]')!.getAttribute('aria-label')).toBe('Close');
    expect(await violations(el)).toEqual([]);
  });
});

describe('announcements and focus', () => {
  it('announces state changes through a polite live region', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'progress:document:1:3', 'wait:200', 'complete:declined']))}"></kyc-widget>`);
    const live = el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')!;
    expect(live).not.toBeNull();
    await expect.poll(() => live.textContent).toBe('Step 1 of 3');
    await untilState(el, 'complete');
    await expect.poll(() => live.textContent).toBe('Verification declined');
  });

  it('moves focus to the new screen when the flow ends while the person is in it', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'wait:300', 'complete:approved']))}"></kyc-widget>`);
    await untilState(el, 'ready');
    frameOf(el)!.focus();
    expect(el.shadowRoot!.activeElement).toBe(frameOf(el));
    await untilState(el, 'complete');
    const result = await uiRendered(el, '[part~="result"]');
    await expect.poll(() => el.shadowRoot!.activeElement).toBe(result);
  });

  it('does not steal focus from the host page when the person is elsewhere', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'complete:approved']))}"></kyc-widget>`);
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
