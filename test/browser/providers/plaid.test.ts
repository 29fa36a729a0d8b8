import { afterEach, describe, expect, it } from 'vitest';
import { detailOf, fixtureCleanup, untilState, waitUntil } from '../helpers';
import { calls, leftovers, mountSdk, PENDING_FLOW, refusals, scriptToken, vendorFrames } from '../sdk-helpers';

/**
 * Plaid Identity Verification through Link, in real Chromium: the sandbox's stand-in for
 * `cdn.plaid.com/link/v2/stable/link-initialize.js` (a classic script on a second origin), `Plaid.create(config)`,
 * `open()` once Link has loaded, `destroy()` on every end. Link is Plaid's overlay; the widget says "continue in the
 * window" meanwhile.
 */

afterEach(() => fixtureCleanup());

const token = (...steps: string[]) => scriptToken('plaid', steps);

describe('plaid: Link over the page', () => {
  it('onSuccess is a submission, not a decision (it fires for failed verifications too): pending; Link destroyed', async () => {
    const { el, events } = await mountSdk('plaid', token('event:IDENTITY_VERIFICATION_PASS_SESSION', 'complete'));
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual(PENDING_FLOW);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'plaid', outcome: 'pending' });
    expect(calls('plaid', 'create').at(-1)?.shape).toEqual({
      token: 'string',
      onLoad: 'function',
      onSuccess: 'function',
      onExit: 'function',
      onEvent: 'function',
    });
    await waitUntil(() => leftovers('plaid').frames === 0, 'Link stayed');
    expect(leftovers('plaid')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
    expect(refusals()).toEqual([]);
  });

  it('Link is over the page, the widget says “continue in the window”', async () => {
    const { el } = await mountSdk('plaid', token('wait'));
    await untilState(el, 'in-progress');
    const [frame] = vendorFrames('plaid');
    expect(frame.getRootNode()).toBe(document);
    expect(el.shadowRoot!.querySelector('[part~="sdk"] .sdk-window')?.textContent).toBe(
      'Continue in the window that opened.',
    );
  });

  it('onExit(null) is the person leaving: kyc-cancel, once', async () => {
    const { el, events } = await mountSdk('plaid', token('exit'));
    await untilState(el, 'cancelled');
    expect(events.names().filter((name) => name === 'kyc-cancel')).toHaveLength(1);
    await waitUntil(() => leftovers('plaid').frames === 0, 'Link stayed');
  });

  it.each([
    ['INVALID_LINK_TOKEN', 'INVALID_INPUT', 'session-expired', false],
    ['INTERNAL_SERVER_ERROR', 'API_ERROR', 'provider-error', true],
    ['RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 'provider-error', true],
    ['INVALID_FIELD', 'INVALID_INPUT', 'provider-error', false],
  ])('onExit error %s (%s) → kyc-error %s (recoverable: %s)', async (code, type, expected, recoverable) => {
    const { el, events } = await mountSdk('plaid', token(`error:${code}:${type}`));
    await untilState(el, 'error');
    const error = detailOf(events, 'kyc-error');
    expect(error).toMatchObject({ provider: 'plaid', code: expected, recoverable });
    if (expected === 'provider-error') expect(error?.providerCode).toBe(code);
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(1);
  });
});

describe('plaid: teardown, counted', () => {
  it('cancel() destroys Link: its frame, overlay and listener were there, and are gone', async () => {
    const { el } = await mountSdk('plaid', token('wait'));
    await untilState(el, 'in-progress');
    expect(leftovers('plaid')).toEqual({ frames: 1, overlays: 1, listeners: 1 });
    const destroys = calls('plaid', 'destroy').length;
    el.cancel();
    await untilState(el, 'cancelled');
    await waitUntil(() => leftovers('plaid').frames === 0, 'Link stayed');
    expect(leftovers('plaid')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
    expect(calls('plaid', 'destroy').length).toBe(destroys + 1);
  });

  it('removing the element destroys Link', async () => {
    const { el } = await mountSdk('plaid', token('wait'));
    await untilState(el, 'in-progress');
    expect(leftovers('plaid').overlays).toBe(1);
    el.remove();
    await waitUntil(() => leftovers('plaid').overlays === 0, 'Link stayed');
    expect(leftovers('plaid')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });

  it('an expired link token is renewed through the session endpoint: destroy, then create with the new one', async () => {
    const run = `plaid-renew-${Date.now()}`;
    const plan = `token:${token('error:INVALID_LINK_TOKEN:INVALID_INPUT')},token:${token('complete')}`;
    const { el, events } = await mountSdk('plaid', undefined, {
      sessionEndpoint: `/__kyc/session?${new URLSearchParams({ id: run, plan })}`,
    });
    await untilState(el, 'complete', 10000);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'plaid', outcome: 'pending' });
    expect(events.names()).not.toContain('kyc-error');
    await waitUntil(() => leftovers('plaid').overlays === 0, 'Link stayed');
    expect(leftovers('plaid')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });
});
