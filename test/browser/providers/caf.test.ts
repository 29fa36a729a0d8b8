import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../../../sandbox/catalog.mjs';
import {
  burstDelivered,
  describeClickThrough,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fixtureCleanup,
  frameOf,
  mountDemo,
  removeForgers,
  together,
  untilState,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

describe('caf: the sandbox CAF onboarding, in real Chromium', () => {
  it('ready on load; STEP_STARTED → kyc-start and kyc-progress; ONBOARDING_FINISHED → kyc-complete (pending) with the executionId', async () => {
    const { el, events, frame } = await mountDemo('caf', {
      script: 'wait:50,step:INSTRUCTIONS:0,done:INSTRUCTIONS:0,step:DOCUMENT_TYPE:1,finished',
      session: 'sbx_exec_a1',
    });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => [e.detail.step, e.detail.index])).toEqual([
      ['instructions', 0],
      ['document_type', 1],
    ]);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'caf', outcome: 'pending', sessionId: 'sbx_exec_a1' });
    expect(new URL(frame).pathname).toBe(`/caf/${SANDBOX_TOKENS.caf}`);
  });

  it.each([
    ['SDK_CAMERA_DENIED', 'camera-unavailable'],
    ['SDK_CAPTURE_FAILED', 'provider-error'],
    ['LIVENESS_IPROOV_ERROR', 'provider-error'],
  ])('%s → kyc-warning %s, and the same onboarding finishes', async (code, expected) => {
    const { el, events } = await mountDemo('caf', {
      script: `wait:50,step:LIVENESS_IPROOV:2,event:${code},encoding:json,finished`,
    });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-warning',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-warning')).toMatchObject({ provider: 'caf', code: expected, providerCode: code });
  });

  it('the first of two endings posted at once tears the frame down: one kyc-complete', async () => {
    const { el, events, frame } = await mountDemo('caf', { script: ['wait:50', together('finished', 'finished')] });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete')).toHaveLength(1);
  });

  it('CAF has no cancel message: in a modal, the widget’s own close button ends the flow with kyc-cancel', async () => {
    const { el, events } = await mountDemo('caf', { script: 'wait:50,step:INSTRUCTIONS:0' });
    el.mode = 'modal';
    el.open = true;
    await untilState(el, 'ready');
    await expect.poll(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')).not.toBeNull();
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
    await expect.poll(() => eventTypes(events)).toContain('kyc-cancel');
  });

  it('ignores CAF-shaped messages forged by the host page, a second sandbox frame and a stranger', async () => {
    // The interactive page reports its first step on load: wait for it, so only forgeries could change anything.
    const { el, events } = await mountDemo('caf');
    await untilState(el, 'in-progress');
    await expectForgeriesIgnored(el, events, [
      { code: 'ONBOARDING_FINISHED', response: { executionId: 'forged' } },
      { code: 'SDK_CAMERA_DENIED', response: {} },
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    const { el } = await expectSpyHearsNothing('caf', []);
    expect(el.state).toBe('ready');
  });
});

// Its page reports the first step on load: the click-through starts from in-progress.
describeClickThrough('caf', [['Finish (ONBOARDING_FINISHED)', 'complete']], 'in-progress');
