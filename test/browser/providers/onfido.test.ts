import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { detailOf, fixtureCleanup, oneEvent, SANDBOX, untilState, waitUntil } from '../helpers';
import { calls, leftovers, mountSdk, refusals, scriptToken, vendorFrames, widgetFrames } from '../sdk-helpers';

/**
 * Onfido as the vendor's own SDK, in real Chromium: the sandbox's stand-in for `sdk.onfido.com/v14.80.0/Onfido.js`
 * (a second origin, imported as a module as Onfido's npm loader does), mounted in the widget's box in its shadow
 * root. Every outcome and error Onfido documents, and what is left on the page after each end, counted.
 */

afterEach(() => fixtureCleanup());

const token = (...steps: string[]) => scriptToken('onfido', steps);

describe('onfido: the Web SDK in the widget', () => {
  it('complete is a submission, not a decision: pending; the SDK is torn down after it', async () => {
    const { el, events } = await mountSdk('onfido', token('module:document', 'module:face', 'complete'));
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'onfido', outcome: 'pending' });
    expect(detailOf(events, 'kyc-progress')).toEqual({ provider: 'onfido', step: 'face' });
    // What the host passed, as the stand-in saw its shape (it refuses wrong ones loudly).
    expect(calls('onfido', 'init').at(-1)?.shape).toMatchObject({
      token: 'string',
      containerEl: 'element',
      onComplete: 'function',
      onError: 'function',
      onUserExit: 'function',
      showExitButton: 'boolean',
    });
    await waitUntil(() => leftovers('onfido').frames === 0, 'the vendor frame stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
    expect(calls('onfido', 'tearDown').length).toBeGreaterThan(0);
    expect(refusals()).toEqual([]);
  });

  it('exactly once: onComplete twice, onUserExit and onError in one task give one kyc-complete and nothing else', async () => {
    const { el, events } = await mountSdk('onfido', token('module:document', 'burst', 'wait'));
    await untilState(el, 'complete');
    await waitUntil(() => leftovers('onfido').frames === 0, 'the vendor frame stayed');
    events.stop();
    const ends = events.names().filter((name) => ['kyc-complete', 'kyc-cancel', 'kyc-error'].includes(name));
    expect(ends).toEqual(['kyc-complete']);
  });

  it("mounts in the widget's own box in its shadow root, and the widget builds no iframe of its own", async () => {
    const { el } = await mountSdk('onfido', token('module:document', 'wait'));
    await untilState(el, 'in-progress');
    const [frame] = vendorFrames('onfido');
    expect(frame.getRootNode()).toBe(el.shadowRoot);
    expect(frame.closest('[part~="sdk"]')).not.toBeNull();
    expect(widgetFrames(el)).toBe(0);
  });

  it("modal mode: the SDK is mounted in the widget's dialog, and closing the dialog tears it down", async () => {
    const { el, events } = await mountSdk('onfido', token('module:document', 'wait'));
    el.mode = 'modal';
    el.open = true;
    await untilState(el, 'in-progress');
    const [frame] = vendorFrames('onfido');
    expect(frame.closest('dialog')?.open).toBe(true);
    expect(leftovers('onfido')).toEqual({ frames: 1, overlays: 0, listeners: 1 });
    el.open = false;
    await untilState(el, 'cancelled');
    expect(events.names()).toContain('kyc-cancel');
    await waitUntil(() => leftovers('onfido').frames === 0, 'the vendor frame stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });

  it.each([
    ['expired_token', 'session-expired', false],
    ['invalid_token', 'provider-error', false],
    ['expired_trial', 'provider-error', false],
    ['geoblocked_request', 'provider-error', false],
    ['unsupported', 'provider-error', false],
    ['unsupported_feature', 'provider-error', false],
    ['invalid_sdk_parameter', 'provider-error', false],
    ['unsupported_sdk_version', 'provider-error', false],
    ['permissions_unavailable', 'camera-unavailable', true],
    ['no_camera', 'camera-unavailable', true],
    ['exception', 'provider-error', true],
    ['workflow_error', 'provider-error', true],
  ])('onError %s → kyc-error %s (recoverable: %s)', async (type, code, recoverable) => {
    const { el, events } = await mountSdk('onfido', token('module:document', `error:${type}`));
    await untilState(el, 'error');
    const error = detailOf(events, 'kyc-error');
    expect(error).toMatchObject({ provider: 'onfido', code, recoverable });
    if (code !== 'session-expired') expect(error?.providerCode).toBe(type);
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(1);
  });

  it.each(['user_consent_denied', 'workflow_abandoned'])(
    'onError %s is the person leaving: kyc-cancel',
    async (type) => {
      const { el, events } = await mountSdk('onfido', token('module:document', `error:${type}`));
      await untilState(el, 'cancelled');
      expect(events.names().filter((name) => name === 'kyc-cancel')).toHaveLength(1);
      expect(events.names()).not.toContain('kyc-error');
    },
  );

  it("onUserExit (Onfido's exit button) → kyc-cancel, once, and the SDK is torn down", async () => {
    const { el, events } = await mountSdk('onfido', token('module:document', 'exit'));
    await untilState(el, 'cancelled');
    expect(events.names().filter((name) => name === 'kyc-cancel')).toHaveLength(1);
    await waitUntil(() => leftovers('onfido').frames === 0, 'the vendor frame stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });
});

describe('onfido: teardown, counted', () => {
  it('cancel() tears the SDK down: its frame and listener were there, and are gone', async () => {
    const { el } = await mountSdk('onfido', token('module:document', 'wait'));
    await untilState(el, 'in-progress');
    const downs = calls('onfido', 'tearDown').length;
    // The counters see the vendor while it runs: their zero afterwards means something.
    expect(leftovers('onfido')).toEqual({ frames: 1, overlays: 0, listeners: 1 });
    el.cancel();
    await untilState(el, 'cancelled');
    await waitUntil(() => leftovers('onfido').frames === 0, 'the vendor frame stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
    expect(calls('onfido', 'tearDown').length).toBe(downs + 1);
  });

  it('removing the element tears the SDK down', async () => {
    const { el } = await mountSdk('onfido', token('module:document', 'wait'));
    await untilState(el, 'in-progress');
    expect(leftovers('onfido').frames).toBe(1);
    el.remove();
    await waitUntil(() => leftovers('onfido').listeners === 0, 'the vendor listener stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });

  it('a new attempt tears the last one down first: one vendor frame at a time', async () => {
    const { el, events } = await mountSdk('onfido', token('module:document', 'error:exception'));
    await untilState(el, 'error');
    const inits = calls('onfido', 'init').length;
    el.retry();
    await untilState(el, 'error');
    expect(calls('onfido', 'init').length).toBe(inits + 1);
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(2);
    await waitUntil(() => leftovers('onfido').frames === 0, 'a vendor frame stayed');
    expect(leftovers('onfido')).toEqual({ frames: 0, overlays: 0, listeners: 0 });
  });

  it('an expired token is renewed through the session endpoint: tearDown, then init with the new token', async () => {
    const run = `onfido-renew-${Date.now()}`;
    // One step each: the endpoint's plan is comma-separated.
    const first = token('error:expired_token');
    const second = token('complete');
    const plan = `token:${first},token:${second}`;
    const endpoint = `/__kyc/session?${new URLSearchParams({ id: run, plan })}`;
    const { el, events } = await mountSdk('onfido', undefined, { sessionEndpoint: endpoint });
    await untilState(el, 'complete', 10000);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'onfido', outcome: 'pending' });
    expect(events.names()).not.toContain('kyc-error');
    const inits = calls('onfido', 'init');
    expect(inits.length).toBeGreaterThanOrEqual(2);
    await waitUntil(() => leftovers('onfido').frames === 0, 'a vendor frame stayed');
  });

  it("a session endpoint alone: kyc-widget/server's onfidoSessions answers the workflow run's id with its token", async () => {
    // The server half over real HTTP (test/support/session-endpoint.ts), making a workflow run at the sandbox's
    // stand-in of Onfido's API; the stand-in's UI refuses a run token without its run's id (sdk-ui.js).
    const endpoint = `/__kyc/server/onfido?${new URLSearchParams({ api: SANDBOX })}`;
    const { el, events } = await mountSdk('onfido', undefined, { sessionEndpoint: endpoint });
    // The server half's session (a workflow run made over HTTP), the vendor's script, its frame.
    await waitUntil(() => ['in-progress', 'error'].includes(el.state), 'the SDK never started or failed', {
      timeout: 5000,
    });
    expect(refusals()).toEqual([]);
    expect(el.state).toBe('in-progress');
    expect(calls('onfido', 'init').at(-1)?.shape).toMatchObject({ token: 'string', workflowRunId: 'string' });
    // The vendor's frame, found by its title through the shadow root (Playwright's locators pierce open ones).
    await page
      .frameLocator(page.getByTitle('onfido (sandbox)'))
      .getByRole('button', { name: 'Submit (approved)', exact: true })
      // The stand-in's buttons sit close in the small box: the next one's edge overlaps it.
      .click({ force: true });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'onfido', outcome: 'pending' });
    expect(events.names()).not.toContain('kyc-error');
  });

  it("the control: the stand-in refuses a run token given another run's id", async () => {
    const endpoint = `/__kyc/server/onfido?${new URLSearchParams({ api: SANDBOX })}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'onfido', locale: 'en', refresh: false }),
    });
    const { sessionToken } = (await response.json()) as { sessionToken: string };
    const { el, events } = await mountSdk('onfido', sessionToken, { options: { workflowRunId: 'not-this-run' } });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      code: 'provider-error',
      providerCode: 'invalid_sdk_parameter',
    });
    expect(refusals()).toContain('onfido: workflowRunId not-this-run is not the run of this token');
  });

  it('the kyc-decision loop applies: pending, then the decision endpoint confirms', async () => {
    const id = `onfido-decision-${Date.now()}`;
    const { el, events } = await mountSdk('onfido', token('module:document', 'complete'), {
      decisionEndpoint: `/__kyc/decision?${new URLSearchParams({ id })}`,
    });
    await untilState(el, 'complete');
    const decided = oneEvent(el, 'kyc-decision');
    await fetch(`/__kyc/decision/decide?${new URLSearchParams({ id, decision: 'approved' })}`, { method: 'POST' });
    const event = (await decided) as CustomEvent<{ decision: string; confirmed: boolean }>;
    expect(event.detail).toMatchObject({ provider: 'onfido', decision: 'approved', confirmed: true });
    expect(el.decision).toBe('approved');
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'onfido', outcome: 'pending' });
  });
});
