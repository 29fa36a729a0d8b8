import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { detailOf, fitViewport, fixtureCleanup, settle, untilState, waitUntil } from '../helpers';
import {
  calls,
  clickInVendor,
  leftovers,
  mountSdk,
  PENDING_FLOW,
  refusals,
  scriptToken,
  vendorFrames,
} from '../sdk-helpers';

/**
 * Stripe Identity as Stripe.js's own modal, in real Chromium: the sandbox's stand-in for
 * `js.stripe.com/endive/stripe.js` (a classic script on a second origin), `Stripe(pk).verifyIdentity(clientSecret)`.
 * The modal is Stripe's overlay; the widget says "continue in the window" meanwhile. Stripe.js has no call that
 * closes its modal: after cancel() or removal the overlay stays (counted here), and what it says later is ignored.
 */

afterEach(() => fixtureCleanup());

/** What is on the page now beyond what was before (a modal left open by an earlier test stays: no API closes it). */
function added(before: ReturnType<typeof leftovers>) {
  const now = leftovers('stripe');
  return {
    frames: now.frames - before.frames,
    overlays: now.overlays - before.overlays,
    listeners: now.listeners - before.listeners,
  };
}

const token = (...steps: string[]) => scriptToken('stripe', steps);

describe('stripe: verifyIdentity in Stripe’s modal', () => {
  it('a resolved promise is a submission, not a decision: pending; the modal closes itself', async () => {
    const before = leftovers('stripe');
    const { el, events } = await mountSdk('stripe', token('complete'));
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual(PENDING_FLOW);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'stripe', outcome: 'pending' });
    expect(calls('stripe', 'verifyIdentity').at(-1)?.shape).toEqual({ value: 'string' });
    expect(added(before)).toEqual({ frames: 0, overlays: 0, listeners: 0 });
    expect(refusals()).toEqual([]);
  });

  it('shows “continue in the window” in its box while the modal is open, and builds no iframe of its own', async () => {
    const { el } = await mountSdk('stripe', token('wait'));
    await untilState(el, 'in-progress');
    await waitUntil(() => vendorFrames('stripe').length > 0, 'the modal never opened');
    const frame = vendorFrames('stripe').at(-1)!;
    expect(frame.getRootNode()).toBe(document); // Stripe's overlay, over the page
    expect(el.shadowRoot!.querySelector('[part~="sdk"] .sdk-window')?.textContent).toBe(
      'Continue in the window that opened.',
    );
    expect(el.shadowRoot!.querySelectorAll('iframe').length).toBe(0);
  });

  it.each([
    ['error:api_connection_error', 'api_connection_error'],
    ['error:api_error', 'api_error'],
  ])('%s → kyc-error provider-error, recoverable, with the code', async (step, code) => {
    const { el, events } = await mountSdk('stripe', token(step));
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'stripe',
      code: 'provider-error',
      recoverable: true,
      providerCode: code,
    });
  });

  it.each(['exit', 'error:consent_declined'])('%s (the person left the modal) → kyc-cancel, once', async (step) => {
    const { el, events } = await mountSdk('stripe', token(step));
    await untilState(el, 'cancelled');
    expect(events.names().filter((name) => name === 'kyc-cancel')).toHaveLength(1);
    expect(events.names()).not.toContain('kyc-error');
  });

  it('without a publishable key: config-invalid, and Stripe.js is not asked for anything', async () => {
    const before = calls('stripe', 'verifyIdentity').length;
    const { el, events } = await mountSdk('stripe', token('complete'), { options: { publishableKey: undefined } });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({ code: 'config-invalid' });
    expect(String(detailOf(events, 'kyc-error')?.message)).toContain('options.publishableKey');
    expect(calls('stripe', 'verifyIdentity').length).toBe(before);
  });
});

describe('stripe: teardown, as far as Stripe.js allows', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('cancel(): the modal stays (no API closes it, counted), and what it says afterwards is ignored', async () => {
    // An interactive modal (not scripted): the person clicks in it after the host cancelled.
    const before = leftovers('stripe');
    const { el, events } = await mountSdk('stripe', 'vs_sandboxcancel_secret_0001');
    await untilState(el, 'in-progress');
    await waitUntil(() => added(before).frames === 1, 'the modal never opened');
    el.cancel();
    await untilState(el, 'cancelled');
    expect(added(before)).toEqual({ frames: 1, overlays: 1, listeners: 1 });
    await waitUntil(() => !el.shadowRoot!.querySelector('[part~="sdk"]'), 'the widget kept its box');
    await clickInVendor(vendorFrames('stripe').at(-1)!, 'Submit (approved)');
    await waitUntil(() => added(before).frames === 0, 'the modal did not close on its own');
    await settle();
    expect(events.names()).not.toContain('kyc-submit');
    expect(events.names()).not.toContain('kyc-complete');
    expect(el.state).toBe('cancelled');
  });
});
