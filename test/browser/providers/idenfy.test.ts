import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../../../sandbox/catalog.mjs';
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
  untilState,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

const FINISHED = [
  'state:loading',
  'state:ready',
  'kyc-ready',
  'state:submitted',
  'kyc-submit',
  'state:complete',
  'kyc-complete',
];

describe('idenfy: the sandbox /idenfy/ page, in real Chromium', () => {
  // iDenfy says nothing before the end of the session; `wait:50` keeps the sandbox from answering
  // within the frame's own load event, where the message could overtake the iframe's load event.
  it('is ready when the iframe loads (it says nothing before), and finishes on APPROVED as a JSON string', async () => {
    const { el, events } = await mountDemo('idenfy', { script: 'wait:50,status:APPROVED:APPROVED' });
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual(FINISHED);
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'idenfy' });
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'idenfy', outcome: 'approved' });
  });

  it('puts the authToken (set as a property) and lang in the frame URL, never in an attribute or an event', async () => {
    const { el, events } = await mountDemo('idenfy');
    await untilState(el, 'ready');
    const url = new URL(frameOf(el)!.src);
    expect(url.pathname).toBe('/idenfy/');
    expect(url.searchParams.get('authToken')).toBe(SANDBOX_TOKENS.idenfy);
    expect(url.searchParams.get('lang')).toBe('en');
    expect(el.getAttribute('session-token')).toBeNull();
    expect(JSON.stringify(events)).not.toContain(SANDBOX_TOKENS.idenfy);
  });

  it('understands an object with lowercase keys and values', async () => {
    const { el, events } = await mountDemo('idenfy', {
      script: 'wait:50,encoding:object,case:lower,status:approved:approved',
    });
    await untilState(el, 'complete');
    expect(events.names()).toEqual(FINISHED);
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe('approved');
  });

  it.each([
    ['json', 'keep', 'FAILED:FAILED', 'declined'],
    ['json', 'lower', 'APPROVED:WAITING', 'pending'],
    ['object', 'keep', 'FAILED:WAITING', 'pending'],
    ['object', 'upper', 'FAILED:APPROVED', 'approved'],
    ['json', 'keep', 'APPROVED', 'approved'],
    ['object', 'lower', 'FAILED', 'declined'],
  ])('%s, case %s: status %s → outcome %s', async (encoding, letterCase, status, outcome) => {
    const { el, events } = await mountDemo('idenfy', {
      script: `encoding:${encoding},case:${letterCase},status:${status}`,
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe(outcome);
  });

  it.each(['json', 'object'])('UNVERIFIED (%s) → kyc-cancel: the person left without finishing', async (encoding) => {
    const { el, events } = await mountDemo('idenfy', { script: `wait:50,encoding:${encoding},status:UNVERIFIED` });
    await untilState(el, 'cancelled');
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready', 'state:cancelled', 'kyc-cancel']);
  });

  it('iDenfy KYB: {status: "success"} completes (pending: the decision comes later)', async () => {
    const { el, events } = await mountDemo('idenfy', { script: 'kyb:success' });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-submit', 'kyc-complete']);
    expect(detailOf(events, 'kyc-complete')).toMatchObject({ outcome: 'pending' });
  });

  it('the first of a burst of results tears the frame down: one kyc-complete, the rest give nothing', async () => {
    const { el, events, frame } = await mountDemo('idenfy', {
      script: [together('status:APPROVED:APPROVED', 'status:FAILED:FAILED', 'status:UNVERIFIED')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail.outcome)).toEqual(['approved']);
    expect(events.some((e) => e.type === 'kyc-cancel')).toBe(false);
  });

  it('ignores unknown statuses and junk', async () => {
    const { el, events } = await mountDemo('idenfy', {
      script: 'status:ACTIVE,raw:%7B%7D,raw:APPROVED,status:EXPIRED:WAITING,status:FAILED',
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe('declined');
    expect(events.filter((e) => e.type === 'kyc-submit')).toHaveLength(1);
  });

  it('ignores iDenfy-shaped results forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('idenfy');
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      { status: 'APPROVED', manualStatus: 'APPROVED', autoSuspected: false, manualSuspected: false },
      JSON.stringify({ status: 'APPROVED', manualStatus: 'APPROVED' }),
      { status: 'unverified' },
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin (and that load is not a second ready)', async () => {
    const { el, events } = await expectSpyHearsNothing('idenfy', []);
    expect(el.state).toBe('ready');
    expect(events.filter((e) => e.type === 'kyc-ready')).toHaveLength(1);
  });
});

describe('idenfy: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it.each([
    ['Approved', 'complete'],
    ['Waiting for a manual review', 'complete'],
    ['Leave without finishing (UNVERIFIED)', 'cancelled'],
  ])('“%s” → %s', async (button, state) => {
    const { el, events } = await mountDemo('idenfy');
    await untilState(el, 'ready');
    await clickInFrame(el, button);
    await untilState(el, state);
    if (state === 'complete')
      expect(detailOf(events, 'kyc-complete')?.outcome).toBe(button === 'Approved' ? 'approved' : 'pending');
  });
});
