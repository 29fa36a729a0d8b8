import { afterEach, describe, expect, it } from 'vitest';
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

describe('zignsec: the sandbox ZignSec scanning flow, in real Chromium', () => {
  it.each([
    ['Accepted', 'approved'],
    ['OperatorRequired', 'pending'],
  ])('ready on load; sessionStatus %s → kyc-complete %s with the session id', async (status, outcome) => {
    const { el, events } = await mountDemo('zignsec', { script: `wait:50,result:${status}`, session: 'sbx-zs-a1' });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-submit', 'kyc-complete']);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'zignsec', outcome, sessionId: 'sbx-zs-a1' });
  });

  it('LINK_EXPIRED (JSON string) → kyc-error session-expired', async () => {
    const { el, events } = await mountDemo('zignsec', {
      script: 'wait:50,encoding:json,error:LINK_EXPIRED:OperatorRequired',
    });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'zignsec',
      code: 'session-expired',
      providerCode: 'LINK_EXPIRED',
      recoverable: false,
    });
  });

  it('USER_CANCEL → kyc-cancel', async () => {
    const { el, events } = await mountDemo('zignsec', { script: 'wait:50,error:USER_CANCEL' });
    await untilState(el, 'cancelled');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-cancel']);
  });

  it("a message about another session is ignored while the widget listens; this session's first result tears the frame down, its second gives nothing", async () => {
    // The other session's Accepted comes first, while the flow runs and the widget listens; this session's
    // OperatorRequired after it is the control (it does end the flow, so the listener was alive). A second result
    // of this session, in the same task, arrives after the teardown (the once-guard's own proof is in
    // test/unit/exactly-once.test.ts).
    const { el, events, frame } = await mountDemo('zignsec', {
      script: [
        'wait:50',
        'session:other',
        'result:Accepted',
        'session:sbx-zs-b2',
        together('result:OperatorRequired', 'result:Accepted'),
      ],
      session: 'sbx-zs-b2',
    });
    await untilState(el, 'complete');
    await burstDelivered(frame);
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail.outcome)).toEqual(['pending']);
    expect(new URL(frame).searchParams.get('otp')).toBe('sbx-otp');
  });

  it('ignores SCANNING results forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('zignsec', { session: 'sbx-zs-forged' });
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      {
        product: 'SCANNING',
        payload: {
          sessionId: 'sbx-zs-forged',
          sessionStatus: 'Accepted',
          relayState: null,
          errorCode: null,
          errorDetails: null,
        },
      },
      JSON.stringify({ product: 'SCANNING', payload: { sessionId: 'sbx-zs-forged', errorCode: 'LINK_EXPIRED' } }),
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    const { el } = await expectSpyHearsNothing('zignsec', []);
    expect(el.state).toBe('ready');
  });
});

describeClickThrough('zignsec', [
  ['Accepted', 'complete'],
  ['Link expired (LINK_EXPIRED)', 'error'],
]);
