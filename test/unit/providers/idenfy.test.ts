import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { idenfy } = adapters;

const AUTH = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';

function flow() {
  return start(idenfy, context({ sessionToken: AUTH, locale: 'de' }));
}

describe('idenfy frameUrl', () => {
  it("builds the iframe URL from the authToken (iDenfy's own format)", () => {
    const built = frameUrlOf(idenfy, context({ sessionToken: AUTH, locale: 'pt' }));
    expect(built.ok && built.url.href).toBe(`https://ui.idenfy.com/?authToken=${AUTH}&lang=pt`);
  });

  it('uses the KYB frame (its welcome page) when options.kyb is true', () => {
    const built = frameUrlOf(idenfy, context({ sessionToken: AUTH, options: { kyb: true } }));
    expect(built.ok && built.url.origin).toBe('https://kyb.ui.idenfy.com');
    expect(built.ok && built.url.href).toBe(`https://kyb.ui.idenfy.com/welcome?authToken=${AUTH}&lang=en`);
    const not = frameUrlOf(idenfy, context({ sessionToken: AUTH, options: { kyb: false } }));
    expect(not.ok && not.url.origin).toBe('https://ui.idenfy.com');
  });

  it('uses a session URL, setting lang and the token only where missing', () => {
    const full = frameUrlOf(
      idenfy,
      context({ sessionUrl: new URL(`https://ui.idenfy.com/?authToken=${AUTH}&lang=lt`), locale: 'en' }),
    );
    expect(full.ok && full.url.href).toBe(`https://ui.idenfy.com/?authToken=${AUTH}&lang=lt`);
    const bare = frameUrlOf(
      idenfy,
      context({ sessionUrl: new URL('http://127.0.0.1:5174/idenfy/'), sessionToken: AUTH, locale: 'fr' }),
    );
    expect(bare.ok && bare.url.href).toBe(`http://127.0.0.1:5174/idenfy/?authToken=${AUTH}&lang=fr`);
  });

  it.each([
    [context(), /session-token/],
    [context({ sessionToken: 'bad token' }), /authToken/],
    [context({ sessionToken: AUTH, options: { kyb: 'yes' } }), /options.kyb/],
  ])('refuses bad input (%#)', (ctx, message) => {
    const built = frameUrlOf(idenfy, ctx);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(message);
  });

  it('frames with camera and fullscreen only', () => {
    expect(idenfy.allow).toBe('camera; fullscreen');
    expect(idenfy.sandbox).toBeUndefined();
    expect(idenfy.origins).toEqual(['https://ui.idenfy.com', 'https://kyb.ui.idenfy.com']);
  });
});

describe('idenfy ready', () => {
  it('is ready on the first iframe load only', () => {
    const { session } = flow();
    expect(session.onLoad?.()).toEqual([{ type: 'ready' }]);
    expect(session.onLoad?.()).toEqual([]);
  });
});

describe('idenfy result message', () => {
  const cases: Array<[Record<string, unknown>, unknown[]]> = [
    [
      { status: 'APPROVED', manualStatus: null, autoSuspected: false, manualSuspected: false },
      [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }],
    ],
    [{ status: 'FAILED', autoSuspected: true }, [{ type: 'submit' }, { type: 'complete', outcome: 'declined' }]],
    [{ status: 'FAILED', manualStatus: 'WAITING' }, [{ type: 'submit' }, { type: 'complete', outcome: 'pending' }]],
    [{ status: 'APPROVED', manualStatus: 'WAITING' }, [{ type: 'submit' }, { type: 'complete', outcome: 'pending' }]],
    [{ status: 'FAILED', manualStatus: 'APPROVED' }, [{ type: 'submit' }, { type: 'complete', outcome: 'approved' }]],
    [{ status: 'APPROVED', manualStatus: 'FAILED' }, [{ type: 'submit' }, { type: 'complete', outcome: 'declined' }]],
    [{ status: 'UNVERIFIED', manualStatus: 'WAITING' }, [{ type: 'cancel' }]],
    [{ status: 'SOMETHING' }, []],
    [{ manualStatus: 'APPROVED' }, []],
    [{ status: 42 }, []],
  ];

  it.each(cases)('maps %j', (data, expected) => {
    for (const [form, encoded] of encodings(data)) {
      const { session } = flow();
      expect(send(session, encoded), form).toEqual(expected);
    }
  });

  it.each([
    { status: 'approved', manualstatus: 'waiting' },
    { STATUS: 'Approved', MANUALSTATUS: 'Waiting' },
    { Status: ' approved ', ManualStatus: 'WAITING' },
  ])('reads keys and values in any letter case: %j', (data) => {
    const { session } = flow();
    expect(send(session, data)).toEqual([{ type: 'submit' }, { type: 'complete', outcome: 'pending' }]);
    expect(send(session, JSON.stringify(data))).toEqual([{ type: 'submit' }, { type: 'complete', outcome: 'pending' }]);
  });

  it('accepts the message JSON-encoded twice', () => {
    const { session } = flow();
    expect(send(session, JSON.stringify(JSON.stringify({ status: 'UNVERIFIED' })))).toEqual([{ type: 'cancel' }]);
  });

  it('ignores bare strings', () => {
    const { session } = flow();
    expect(send(session, 'APPROVED')).toEqual([]);
  });
});

describe('idenfy secrets and robustness', () => {
  it('survives 200 junk inputs, emits only well-formed signals and never the token', () => {
    const { session } = flow();
    const shapes = [
      { status: 'APPROVED' },
      { STATUS: 'failed', manualStatus: 'waiting' },
      { status: 'UNVERIFIED', authToken: AUTH },
    ];
    const signals = expectRobust(session, junk(5, shapes, ['APPROVED', 'FAILED', 'UNVERIFIED', 'WAITING']));
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, AUTH);
  });
});

describe('idenfy KYB', () => {
  it('completes on KYB\'s {status: "success"} (pending: the decision comes later) and {status: "failed"} (declined)', () => {
    const success = start(idenfy, context({ sessionToken: AUTH, options: { kyb: true } }));
    expect(send(success.session, { status: 'success' })).toEqual([
      { type: 'submit' },
      { type: 'complete', outcome: 'pending' },
    ]);
    const failed = start(idenfy, context({ sessionToken: AUTH, options: { kyb: true } }));
    expect(send(failed.session, JSON.stringify({ status: 'failed' }))).toEqual([
      { type: 'submit' },
      { type: 'complete', outcome: 'declined' },
    ]);
  });
});
