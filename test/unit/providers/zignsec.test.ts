import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { zignsec } = adapters;
const ID = 'b91f2898-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const URL_ = `https://test-gateway.zignsec.com/ui/scanning-dp50/${ID}?otp=123456`;

function flow() {
  return start(zignsec, context({ sessionUrl: new URL(URL_) }));
}

const scanning = (payload: Record<string, unknown>) => ({
  product: 'SCANNING',
  payload: { sessionId: ID, relayState: null, errorCode: null, errorDetails: null, ...payload },
});

describe('zignsec frameUrl', () => {
  it("frames the scanning session's redirect_url as given", () => {
    const built = frameUrlOf(zignsec, context({ sessionUrl: new URL(URL_) }));
    expect(built.ok && built.url.href).toBe(URL_);
    expect(frameUrlOf(zignsec, context({ sessionToken: 'x' })).ok).toBe(false);
    expect(zignsec.origins).toContain('https://gateway.zignsec.com');
    expect(zignsec.origins).toContain('https://test-gateway.zignsec.com');
    expect(zignsec.allow).toBe('camera');
  });

  it('is ready on the first iframe load only', () => {
    const { session } = flow();
    expect(session.onLoad?.()).toEqual([{ type: 'ready' }]);
    expect(session.onLoad?.()).toEqual([]);
  });
});

describe('zignsec messages', () => {
  const cases: Array<[Record<string, unknown>, unknown[]]> = [
    [
      scanning({ sessionStatus: 'Accepted' }),
      [
        { type: 'submit', sessionId: ID },
        { type: 'complete', outcome: 'approved', sessionId: ID },
      ],
    ],
    [
      scanning({ sessionStatus: 'OperatorRequired' }),
      [
        { type: 'submit', sessionId: ID },
        { type: 'complete', outcome: 'pending', sessionId: ID },
      ],
    ],
    [
      scanning({ sessionStatus: 'Rejected' }),
      [
        { type: 'submit', sessionId: ID },
        { type: 'complete', outcome: 'declined', sessionId: ID },
      ],
    ],
    [
      scanning({
        sessionStatus: 'OperatorRequired',
        errorCode: 'LINK_EXPIRED',
        errorDetails: 'The link is already used or expired',
        relayState: '12345',
      }),
      [
        {
          type: 'error',
          code: 'session-expired',
          message: 'The ZignSec link is already used or expired',
          providerCode: 'LINK_EXPIRED',
        },
      ],
    ],
    [scanning({ sessionStatus: 'Accepted', errorCode: 'USER_CANCEL' }), [{ type: 'cancel' }]],
    [
      scanning({ sessionStatus: 'Failed', errorCode: 'SCAN_FAILED' }),
      [
        {
          type: 'error',
          code: 'provider-error',
          message: 'ZignSec reported an error (SCAN_FAILED)',
          recoverable: true,
          providerCode: 'SCAN_FAILED',
        },
      ],
    ],
    [scanning({ sessionStatus: null }), []],
    [
      { product: 'scanning', payload: JSON.stringify({ sessionId: ID, sessionStatus: 'accepted' }) },
      [
        { type: 'submit', sessionId: ID },
        { type: 'complete', outcome: 'approved', sessionId: ID },
      ],
    ],
    [{ product: 'EID', payload: { sessionId: ID, sessionStatus: 'Accepted' } }, []],
    [{ command: 'zignsec_postback', errorcode: '', token: ID }, []],
  ];
  it.each(cases)('%j', (data, expected) => {
    for (const [form, encoded] of encodings(data)) expect(send(flow().session, encoded), form).toEqual(expected);
  });

  it('a message about another session is not this flow’s', () => {
    const { session } = flow();
    expect(send(session, scanning({ sessionStatus: 'OperatorRequired' }))).toHaveLength(2);
    expect(
      send(session, { product: 'SCANNING', payload: { sessionId: 'other-session', sessionStatus: 'Accepted' } }),
    ).toEqual([]);
  });

  it('the scanning URL names the session: another session’s message is ignored even before this one’s', () => {
    const { session } = flow();
    const other = { product: 'SCANNING', payload: { sessionId: 'other-session', sessionStatus: 'Accepted' } };
    expect(send(session, other)).toEqual([]);
    expect(send(session, scanning({ sessionStatus: 'OperatorRequired' }))).toEqual([
      { type: 'submit', sessionId: ID },
      { type: 'complete', outcome: 'pending', sessionId: ID },
    ]);
  });

  it('a URL without a session segment leaves the binding to the first message', () => {
    const { session } = start(zignsec, context({ sessionUrl: new URL('https://gateway.zignsec.com/ui/%E0%A4%A/') }));
    expect(send(session, scanning({ sessionStatus: 'Accepted' }))).toHaveLength(2);
  });
});

describe('zignsec robustness', () => {
  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const shapes = [
      scanning({ sessionStatus: 'Accepted' }),
      scanning({ errorCode: 'LINK_EXPIRED' }),
      { product: 'SCANNING' },
    ];
    const signals = expectRobust(
      flow().session,
      junk(19, shapes, ['SCANNING', 'Accepted', 'LINK_EXPIRED', 'OperatorRequired']),
    );
    expect(signals.length).toBeGreaterThan(0);
  });
});
