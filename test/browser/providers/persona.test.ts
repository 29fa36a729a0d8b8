import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyInputs,
  burstDelivered,
  clickInFrame,
  demoInputs,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fitViewport,
  fixtureCleanup,
  frameOf,
  mountDemo,
  record,
  removeForgers,
  scriptDone,
  together,
  uniqueSession,
  untilState,
  widget,
  STARTED,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

/** The containerId the widget put in its frame URL for this attempt. */
function containerOf(el: Parameters<typeof frameOf>[0]): string {
  return new URL(frameOf(el)!.src).searchParams.get('container-id')!;
}

describe('persona: the sandbox /persona/widget page, in real Chromium', () => {
  it('runs a verification inline: ready → start → pages → complete, with the inquiry id (and no open: the in-page flow)', async () => {
    const session = uniqueSession('inq_sbx');
    const { el, events } = await mountDemo('persona', {
      session,
      script: [
        'load',
        'ready:640',
        'check-flow',
        'start',
        'page-change:/verify/government-id:700',
        `page-change:/verify/${session}/selfie:720`,
        'complete:approved',
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
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'persona' });
    expect(detailOf(events, 'kyc-start')).toEqual({ provider: 'persona', sessionId: session });
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail)).toEqual([
      { provider: 'persona', sessionId: session, step: 'verify/government-id' },
      { provider: 'persona', sessionId: session, step: 'verify/selfie' }, // the id-like segment is dropped
    ]);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'persona', sessionId: session, outcome: 'approved' });
    expect(el.sessionId).toBe(session);
  });

  it('loads the frame with Persona’s parameters, a fresh container-id and Persona’s sandbox attribute', async () => {
    const { el } = await mountDemo('persona', { script: 'ready' });
    await untilState(el, 'ready');
    const frame = frameOf(el)!;
    const url = new URL(frame.src);
    expect(url.pathname).toBe('/persona/widget');
    expect(url.searchParams.get('iframe-origin')).toBe(location.origin);
    expect(url.searchParams.get('flow-type')).toBe('inline');
    expect(url.searchParams.get('container-id')).toMatch(/^kyc-widget-[0-9a-f]{24}$/);
    // The test page is itself in a frame (Vitest's): Persona then needs to know who is above and who listens.
    expect(url.searchParams.get('frame-ancestors[0]')).toBe(location.origin);
    expect(url.searchParams.get('message-target-origin')).toBe(location.origin);
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
  });

  it('sizes the frame from ready’s preferredDimensions, then from page-change’s pageHeight', async () => {
    const { el } = await mountDemo('persona', { script: 'ready:640' });
    await untilState(el, 'ready');
    await expect.poll(() => frameOf(el)!.getBoundingClientRect().height).toBe(640);
    el.sessionUrl = demoInputs('persona', { script: 'ready:640,start,page-change:/verify/selfie:720' }).sessionUrl;
    await untilState(el, 'in-progress');
    await expect.poll(() => frameOf(el)!.getBoundingClientRect().height).toBe(720);
  });

  it.each([
    ['complete:declined', 'declined'],
    ['complete:completed', 'pending'],
    ['complete:needs_review', 'pending'],
    ['fail', 'declined'],
    ['fail:needs_review', 'pending'],
  ])('maps %s to outcome %s', async (step, outcome) => {
    const { el, events } = await mountDemo('persona', { script: ['ready', 'start', step] });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe(outcome);
    expect(events.filter((e) => e.type === 'kyc-submit')).toHaveLength(1);
  });

  it('exit → kyc-cancel, and the resume token in exit’s metadata is never passed on', async () => {
    const { el, events } = await mountDemo('persona', { script: ['ready', 'start', 'exit'] });
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names()).toEqual([...STARTED, 'state:cancelled', 'kyc-cancel']);
    expect(JSON.stringify(events)).not.toContain('sbx_tok');
  });

  it.each([
    ['error:application_error', 'provider-error', 'application_error', true],
    ['error:inactive_template:422', 'provider-error', 'inactive_template', false],
    ['error:invalid_config', 'provider-error', 'invalid_config', false],
    ['error:unauthenticated:401', 'session-expired', 'unauthenticated', false],
  ])('%s → kyc-error %s (providerCode %s, recoverable %s)', async (step, code, providerCode, recoverable) => {
    const { el, events } = await mountDemo('persona', { script: ['ready', 'start', step] });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({ provider: 'persona', code, providerCode, recoverable });
    expect(el.lastError).toMatchObject({ code, providerCode, recoverable });
  });

  it("load-camera-failed → a camera-unavailable kyc-warning; Persona's flow goes on (upload instead) to the outcome", async () => {
    const { el, events } = await mountDemo('persona', {
      script: ['ready', 'start', 'camera-check:no', 'load-camera-failed', 'complete:approved'],
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-warning')).toMatchObject({
      code: 'camera-unavailable',
      providerCode: 'load-camera-failed',
    });
    expect(events.filter((e) => e.type === 'kyc-warning')).toHaveLength(1); // the permission check alone is nothing
    expect(events.filter((e) => e.type === 'kyc-error')).toHaveLength(0);
  });

  it("in modal mode asks for Persona's embedded flow and opens it once it is ready", async () => {
    const inputs = demoInputs('persona', { script: ['load', 'ready', 'check-flow', 'start', 'complete:approved'] });
    const el = await widget('<kyc-widget mode="modal"></kyc-widget>');
    const events = record(el);
    applyInputs(el, inputs);
    el.open = true;
    await untilState(el, 'complete');
    expect(events.filter((e) => e.type === 'kyc-error')).toHaveLength(0); // the page reports flow-type-mismatch otherwise
  });

  it('the first of a burst of endings tears the frame down: one kyc-complete, the rest give nothing', async () => {
    const { el, events, frame } = await mountDemo('persona', {
      script: ['ready', 'start', together('complete:approved', 'complete:declined', 'fail')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail.outcome)).toEqual(['approved']);
    expect(el.state).toBe('complete');
  });

  it('ignores messages bound to another containerId', async () => {
    const { el, events, frame } = await mountDemo('persona', {
      script: [
        'ready',
        'container:kyc-widget-000000000000000000000000',
        'start',
        'complete:approved',
        'exit',
        'container:',
        'page-change:/verify/selfie',
      ],
    });
    await untilState(el, 'in-progress');
    await scriptDone(frame);
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready', 'state:in-progress', 'kyc-progress']);
  });

  it('ignores Persona-shaped messages forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('persona', { script: ['ready'] });
    await untilState(el, 'ready');
    const containerId = containerOf(el);
    await expectForgeriesIgnored(el, events, [
      { containerId, name: 'complete', metadata: { inquiryId: 'inq_forged', status: 'approved' } },
      JSON.stringify({ containerId, name: 'exit', metadata: {} }),
      { containerId, name: 'error', error: { code: 'invalid_config' } },
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    // Persona's only host → frame message (open) answers ready, before the frame leaves.
    const { el, events } = await expectSpyHearsNothing('persona', ['load', 'ready']);
    expect(el.state).toBe('ready');
    expect(events.filter((e) => e.type === 'kyc-error')).toEqual([]);
  });
});

describe('persona: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('sends Persona’s messages for each button: start, pages, complete', async () => {
    const { el, events } = await mountDemo('persona');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Go to the document page', 'Go to the selfie page', 'Complete: approved');
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step)).toEqual([
      'verify/government-id',
      'verify/selfie',
    ]);
    expect(detailOf(events, 'kyc-complete')).toMatchObject({
      outcome: 'approved',
      sessionId: expect.stringMatching(/^inq_sbx/) as string,
    });
  });

  it('“Exit (cancel)” → cancelled', async () => {
    const { el } = await mountDemo('persona');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Exit (cancel)');
    await untilState(el, 'cancelled');
  });

  it('“Camera failed to load” → a kyc-warning; the flow stays', async () => {
    const { el, events } = await mountDemo('persona');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Start', 'Camera failed to load');
    await expect.poll(() => events.some((e) => e.type === 'kyc-warning')).toBe(true);
    expect(el.state).toBe('in-progress');
  });
});
