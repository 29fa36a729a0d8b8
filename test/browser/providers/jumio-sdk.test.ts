import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../../src/index';
import { detailOf, fixtureCleanup, record, SANDBOX, untilState, waitUntil, widget } from '../helpers';
import { calls, listeners, PENDING_FLOW, refusals, scriptToken } from '../sdk-helpers';

/**
 * Jumio's web component `<jumio-sdk>` as the second way into `jumio` (`options.sdk: true`), in real Chromium. The
 * host's page defines the element (Jumio's package is UNLICENSED: the widget never serves it); here the sandbox's
 * stand-in (sandbox/public/sdk/jumio/jumio-sdk.js, on a second origin) does, following the package's
 * properties and event shapes. The widget mounts one element in its own box; what is left after each end, counted.
 */

beforeAll(async () => {
  await import(/* @vite-ignore */ `${SANDBOX}/sdk/jumio/jumio-sdk.js`);
});
afterEach(() => fixtureCleanup());

const token = (...steps: string[]) => scriptToken('onfido', steps);

async function mountJumio(sessionToken: string, options: Record<string, unknown> = {}, locale?: string) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  el.provider = 'jumio';
  if (locale) el.locale = locale;
  el.options = { sdk: true, dc: 'eu', ...options };
  el.sessionToken = sessionToken;
  return { el, events };
}

/** The `<jumio-sdk>` elements in the widget, and the stand-in's UI frames inside their shadow roots. */
function jumio(el: KycWidgetElement) {
  const elements = [...el.shadowRoot!.querySelectorAll('jumio-sdk')];
  const frames = elements.flatMap((element) => [...(element.shadowRoot?.querySelectorAll('iframe') ?? [])]);
  return { elements: elements.length, frames: frames.length, listeners: listeners() };
}

describe('jumio with options.sdk: the <jumio-sdk> element in the widget', () => {
  it('workflow:success is a submission, not a decision: pending; the element is removed after it', async () => {
    const { el, events } = await mountJumio(token('module:start', 'complete'));
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual(PENDING_FLOW);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'jumio', outcome: 'pending' });
    expect(calls('jumio' as never, 'connect').at(-1)?.shape).toEqual({
      token: 'string',
      dc: 'string',
      locale: 'string',
    });
    await waitUntil(() => jumio(el).elements === 0, 'the element stayed');
    expect(jumio(el)).toEqual({ elements: 0, frames: 0, listeners: 0 });
    expect(refusals()).toEqual([]);
  });

  it("mounts in the widget's box with the token as a property (reflected, as Jumio's does), the dc and the language", async () => {
    const seen: string[] = [];
    const heard = (event: Event) => seen.push(event.type);
    document.addEventListener('workflow:start', heard);
    try {
      const { el } = await mountJumio(token('module:start', 'wait'), { dc: 'sgp' }, 'pt-BR');
      await untilState(el, 'in-progress');
      const element = el.shadowRoot!.querySelector('[part~="sdk"] jumio-sdk') as HTMLElement & Record<string, unknown>;
      expect(element).not.toBeNull();
      // Given as a property (the stand-in refuses an attribute set by the page); Jumio's element writes it back to
      // its attribute, in the widget's shadow root (jumio-conformance.test.ts sees the real one do it).
      expect(element.token).toBe(token('module:start', 'wait'));
      expect(element.getAttribute('token')).toBe(element.token);
      expect(element.dc).toBe('sgp');
      expect(element.locale).toBe('pt-BR');
      expect(el.shadowRoot!.querySelectorAll('iframe[part~="frame"]')).toHaveLength(0);
      // Jumio's own events (its ids in detail) stop at the widget: the host hears kyc-start instead.
      expect(seen).toEqual([]);
    } finally {
      document.removeEventListener('workflow:start', heard);
    }
  });

  it('workflow:retry → kyc-progress; workflow:failed → kyc-error provider-error, recoverable', async () => {
    const { el, events } = await mountJumio(token('module:start', 'event:RETRY', 'error:failed'));
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-progress')).toEqual({ provider: 'jumio', step: 'retry' });
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'jumio',
      code: 'provider-error',
      recoverable: true,
    });
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(1);
  });

  it('exactly once: success twice and failed in one task give one kyc-complete and nothing else', async () => {
    const { el, events } = await mountJumio(token('module:start', 'burst', 'wait'));
    await untilState(el, 'complete');
    events.stop();
    const ends = events.names().filter((name) => ['kyc-complete', 'kyc-cancel', 'kyc-error'].includes(name));
    expect(ends).toEqual(['kyc-complete']);
  });
});

describe('jumio with options.sdk: teardown, counted', () => {
  it('cancel() removes the element, its frame and its listener', async () => {
    const { el } = await mountJumio(token('module:start', 'wait'));
    await untilState(el, 'in-progress');
    // The counters see Jumio while it runs: their zero afterwards means something.
    expect(jumio(el)).toEqual({ elements: 1, frames: 1, listeners: 1 });
    el.cancel();
    await untilState(el, 'cancelled');
    await waitUntil(() => jumio(el).elements === 0, 'the element stayed');
    expect(jumio(el)).toEqual({ elements: 0, frames: 0, listeners: 0 });
  });

  it('removing the widget removes the element', async () => {
    const { el } = await mountJumio(token('module:start', 'wait'));
    await untilState(el, 'in-progress');
    const disconnects = calls('jumio' as never, 'disconnect').length;
    el.remove();
    await waitUntil(() => listeners() === 0, 'the listener stayed');
    expect(calls('jumio' as never, 'disconnect').length).toBe(disconnects + 1);
  });

  it('a new attempt removes the last element first: one at a time', async () => {
    const { el, events } = await mountJumio(token('module:start', 'error:failed'));
    await untilState(el, 'error');
    const connects = calls('jumio' as never, 'connect').length;
    el.retry();
    await waitUntil(() => events.names().filter((name) => name === 'kyc-error').length === 2, 'no second error');
    expect(calls('jumio' as never, 'connect').length).toBe(connects + 1);
    await waitUntil(() => jumio(el).elements === 0, 'an element stayed');
    expect(jumio(el)).toEqual({ elements: 0, frames: 0, listeners: 0 });
  });

  it('without options.sdk, jumio is still its hosted page in a frame (a session-token alone is not enough)', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    const events = record(el);
    el.provider = 'jumio';
    el.sessionToken = token('wait');
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({ code: 'config-invalid' });
    expect(String(detailOf(events, 'kyc-error')?.message)).toContain('Jumio needs a session-url');
    expect(el.shadowRoot!.querySelectorAll('jumio-sdk')).toHaveLength(0);
  });
});
