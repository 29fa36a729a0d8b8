import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  burstDelivered,
  clickInFrame,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fitViewport,
  fixtureCleanup,
  frameOf,
  mountDemo,
  removeForgers,
  together,
  uniqueSession,
  untilState,
  STARTED,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

describe('didit: the sandbox /didit/session/<token> page, in real Chromium', () => {
  it('runs a verification: ready → started → steps → submitted → completed Approved, with the session id', async () => {
    const session = uniqueSession('sbx-didit-');
    const { el, events } = await mountDemo('didit', {
      session,
      script: [
        'ready',
        'started',
        'step:document',
        'step-done:document:selfie',
        'step-changed:selfie:document',
        'event:analytics_ping',
        'submitted',
        'completed:Approved',
      ],
    });
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual([
      ...STARTED,
      'kyc-progress',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'didit', sessionId: session });
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step)).toEqual(['document', 'selfie']);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'didit', sessionId: session, outcome: 'approved' });
  });

  it('asks for the embedded presentation (layout messages) and grows the frame with them', async () => {
    const { el } = await mountDemo('didit', { script: 'ready,layout:777' });
    await untilState(el, 'ready');
    expect(new URL(frameOf(el)!.src).searchParams.get('sdk_presentation')).toBe('embedded');
    await expect.poll(() => frameOf(el)!.getBoundingClientRect().height).toBe(777);
  });

  it.each([
    ['Declined', 'declined'],
    ['In Review', 'pending'],
    ['Pending', 'pending'],
    ['', 'pending'],
  ])('maps completed status "%s" to outcome %s (also as JSON strings)', async (status, outcome) => {
    const { el, events } = await mountDemo('didit', {
      script: ['encoding:json', 'ready', 'started', 'submitted', `completed:${encodeURIComponent(status)}`],
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe(outcome);
  });

  it('cancelled → kyc-cancel', async () => {
    const { el, events } = await mountDemo('didit', { script: ['ready', 'started', 'cancelled'] });
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names()).toEqual([...STARTED, 'state:cancelled', 'kyc-cancel']);
  });

  it('close (didit:close_request) asks the person first, as Didit\'s SDK does: "Continue" keeps the flow, "Leave" cancels', async () => {
    const { el, events } = await mountDemo('didit', {
      script: ['ready', 'started', 'close', 'wait:300', 'close', 'wait:3000'],
    });
    await untilState(el, 'in-progress');
    const confirm = await expect.poll(() => el.shadowRoot!.querySelector('[role="alertdialog"]')).not.toBeNull();
    void confirm;
    const [stay, leave] = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button')];
    expect(stay.textContent).toBe('Continue verification');
    expect(el.shadowRoot!.activeElement).toBe(stay);
    stay.click();
    expect(el.state).toBe('in-progress');
    expect(events.some((e) => e.type === 'kyc-cancel')).toBe(false);
    // The second close_request: this time the person leaves.
    await expect.poll(() => el.shadowRoot!.querySelector('[role="alertdialog"]')).not.toBeNull();
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button')[1].click();
    await untilState(el, 'cancelled');
    expect(leave.textContent).toBe('Leave');
    expect(events.filter((e) => e.type === 'kyc-cancel')).toHaveLength(1);
  });

  it("didit:error → a kyc-warning with the code (Didit's SDK only logs it), and the flow goes on to the outcome", async () => {
    const { el, events } = await mountDemo('didit', {
      script: 'ready,started,error:verification_failed:document,submitted,completed:Approved',
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-warning')).toMatchObject({
      provider: 'didit',
      code: 'provider-error',
      providerCode: 'verification_failed',
    });
    expect(events.some((e) => e.type === 'kyc-error')).toBe(false);
  });

  it('didit:error naming the camera → a camera-unavailable kyc-warning', async () => {
    const { el, events } = await mountDemo('didit', {
      script: 'ready,started,step:selfie,error:camera_permission_denied:selfie',
    });
    await expect
      .poll(() => detailOf(events, 'kyc-warning'))
      .toMatchObject({ code: 'camera-unavailable', providerCode: 'camera_permission_denied' });
    expect(el.state).toBe('in-progress');
  });

  it('the first of a burst of endings tears the frame down: one kyc-complete, the rest give nothing', async () => {
    const { el, events, frame } = await mountDemo('didit', {
      script: ['ready', 'submitted', together('completed:Approved', 'completed:Declined', 'cancelled')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail.outcome)).toEqual(['approved']);
  });

  it('ignores Didit-shaped messages forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('didit', { script: 'ready' });
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      { type: 'didit:completed', data: { sessionId: 'forged', status: 'Approved' } },
      JSON.stringify({ type: 'didit:cancelled' }),
      { type: 'didit:error', data: { error: 'camera_permission_denied' } },
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin (Didit has no host → frame messages)', async () => {
    const { el } = await expectSpyHearsNothing('didit', ['ready', 'started']);
    expect(el.state).toBe('in-progress');
  });
});

describe('didit: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('says ready by itself, then sends Didit’s messages for each button', async () => {
    const { el, events } = await mountDemo('didit');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Selfie step', 'Submit', 'In review');
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-complete')).toMatchObject({
      outcome: 'pending',
      sessionId: expect.stringMatching(/^sbx-/) as string,
    });
  });

  it('“Camera permission denied” → a camera-unavailable kyc-warning; the flow stays', async () => {
    const { el, events } = await mountDemo('didit');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Camera permission denied');
    await expect.poll(() => detailOf(events, 'kyc-warning')?.code).toBe('camera-unavailable');
    expect(el.state).toBe('in-progress');
  });
});
