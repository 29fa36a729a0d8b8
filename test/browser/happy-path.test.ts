import { afterEach, describe, expect, it } from 'vitest';
import { attr, fixtureCleanup, frameOf, record, scripted, SANDBOX, untilState, widget } from './helpers';

afterEach(() => fixtureCleanup());

describe('a verification on the generic protocol, end to end', () => {
  it('emits the documented events in order, with the right detail, to listeners on document', async () => {
    const events = record(document);
    const url = scripted(
      ['ready', 'start', 'progress:document:1:3', 'progress:selfie:2:3', 'submit', 'complete:approved'],
      {
        session: 'sess_42',
      },
    );
    const el = await widget(`<kyc-widget session-url="${attr(url)}"></kyc-widget>`);
    await untilState(el, 'complete');
    events.stop();

    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(events[0].detail).toEqual({ provider: 'generic', state: 'loading', previous: 'idle' });
    expect(events[5].detail).toEqual({ provider: 'generic', step: 'document', index: 1, total: 3 });
    expect(events[8].detail).toEqual({ provider: 'generic', sessionId: 'sess_42' });
    expect(events[10].detail).toEqual({ provider: 'generic', sessionId: 'sess_42', outcome: 'approved' });
    expect(el.sessionId).toBe('sess_42');
    expect(el.lastError).toBeNull();
  });

  it('dispatches bubbling, composed CustomEvents on the element', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
    const event = await new Promise<CustomEvent>((resolve) =>
      el.addEventListener('kyc-ready', resolve as EventListener, { once: true }),
    );
    expect(event).toBeInstanceOf(CustomEvent);
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
    expect(event.target).toBe(el);
  });

  it('gives the frame the allow list, a localized title, and says the locale and theme to it', async () => {
    const events = record(document);
    const url = scripted(['ready', 'await-init'], { echo: '1' });
    const el = await widget(`<kyc-widget locale="es-MX" theme="dark" session-url="${attr(url)}"></kyc-widget>`);
    await untilState(el, 'in-progress');
    events.stop();
    const frame = frameOf(el)!;
    await expect.poll(() => frame.title).toBe('Verificación de identidad');
    expect(frame.allow).toContain('camera');
    expect(frame.src.startsWith(`${SANDBOX}/generic`)).toBe(true);
    const progress = events.find((e) => e.type === 'kyc-progress');
    expect(progress?.detail.step).toBe('init:es:dark');
  });

  it('hides the frame behind the loading screen until the provider says ready', async () => {
    const url = scripted(['wait:400', 'ready']);
    const el = await widget(`<kyc-widget session-url="${attr(url)}"></kyc-widget>`);
    expect(el.state).toBe('loading');
    const frame = frameOf(el)!;
    expect(frame).not.toBeNull();
    expect(getComputedStyle(frame).visibility).toBe('hidden');
    expect(el.shadowRoot!.textContent).toContain('Loading verification');
    await untilState(el, 'ready');
    expect(getComputedStyle(frame).visibility).toBe('visible');
  });

  it('shows the result screen, with the decision once the host sets it', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'submit', 'complete:pending']))}"></kyc-widget>`,
    );
    await untilState(el, 'complete');
    expect(frameOf(el)).toBeNull(); // the frame (and its camera) is released
    await expect
      .poll(() => el.shadowRoot!.querySelector('[part~="result"]')?.textContent)
      .toContain('Verification submitted');
    el.decision = 'approved';
    await expect
      .poll(() => el.shadowRoot!.querySelector('[part~="result"]')?.textContent)
      .toContain('Verification approved');
    expect(el.shadowRoot!.querySelector('[part~="result"]')?.getAttribute('data-outcome')).toBe('approved');
  });
});
