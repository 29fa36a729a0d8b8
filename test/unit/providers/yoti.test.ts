import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { yoti } = adapters;

const ID = 'f8a3c5e1-2b7d-4e9a-8c1f-0d6b3a5e7c92';
const TOKEN = '7c1e9a3f-5b2d-4c8e-a6f0-3d9b1e7a5c24';

function flow(options: Record<string, unknown> = { sessionId: ID }) {
  return start(yoti, context({ sessionToken: TOKEN, options }));
}

describe('yoti frameUrl', () => {
  it("builds Yoti's URL launch from the session id and the client session token", () => {
    const built = frameUrlOf(yoti, context({ sessionToken: TOKEN, options: { sessionId: ID } }));
    expect(built.ok && built.url.href).toBe(
      `https://api.yoti.com/idverify/v1/web/index.html?sessionID=${ID}&sessionToken=${TOKEN}`,
    );
  });

  it("uses Yoti's sandbox path with options.sandbox", () => {
    const built = frameUrlOf(yoti, context({ sessionToken: TOKEN, options: { sessionId: ID, sandbox: true } }));
    expect(built.ok && built.url.pathname).toBe('/sandbox/idverify/v1/web/index.html');
  });

  it('takes a session URL as given, adding only what it lacks', () => {
    const full = `https://api.yoti.com/idverify/v1/web/index.html?sessionID=${ID}&sessionToken=${TOKEN}`;
    const asIs = frameUrlOf(yoti, context({ sessionUrl: new URL(full) }));
    expect(asIs.ok && asIs.url.href).toBe(full);
    const withToken = frameUrlOf(
      yoti,
      context({
        sessionUrl: new URL(`https://api.yoti.com/idverify/v1/web/index.html?sessionID=${ID}`),
        sessionToken: TOKEN,
      }),
    );
    expect(withToken.ok && withToken.url.href).toBe(full);
  });

  it('the post method loads the bare URL: neither id nor token in it', () => {
    const built = frameUrlOf(yoti, context({ sessionToken: TOKEN, options: { sessionId: ID, launch: 'post' } }));
    expect(built.ok && built.url.href).toBe('https://api.yoti.com/idverify/v1/web/index.html');
    const fromUrl = frameUrlOf(
      yoti,
      context({
        sessionUrl: new URL(`https://api.yoti.com/idverify/v1/web/index.html?sessionID=${ID}&sessionToken=${TOKEN}`),
        options: { launch: 'post' },
      }),
    );
    expect(fromUrl.ok && fromUrl.url.search).toBe('');
  });

  it.each([
    [context({ sessionToken: TOKEN }), /options.sessionId/],
    [context({ options: { sessionId: ID } }), /session-token/],
    [context({ sessionToken: 'bad token', options: { sessionId: ID } }), /not a valid Yoti session token/],
    [context({ sessionToken: TOKEN, options: { sessionId: '../x' } }), /not a Yoti session id/],
    [context({ sessionToken: TOKEN, options: { sessionId: ID, launch: 'redirect' } }), /options.launch/],
    [context({ sessionToken: TOKEN, options: { sessionId: ID, sandbox: 'yes' } }), /options.sandbox/],
  ])('refuses bad input (%#)', (ctx, message) => {
    const built = frameUrlOf(yoti, ctx);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(message);
  });

  it('frames with the camera only, from api.yoti.com', () => {
    expect(yoti.allow).toBe('camera');
    expect(yoti.origins).toEqual(['https://api.yoti.com']);
  });
});

describe('yoti URL launch', () => {
  it('is ready on the first iframe load only (the frame says nothing before the end)', () => {
    const { session } = flow();
    expect(session.onLoad?.()).toEqual([{ type: 'ready', sessionId: ID }]);
    expect(session.onLoad?.()).toEqual([]);
    expect(send(session, { eventType: 'STARTED' })).toEqual([]);
  });

  it.each(encodings({ eventType: 'SUCCESS' }))(
    'SUCCESS (%s) submits and completes pending: the decision reaches the backend',
    (_form, data) => {
      const { session } = flow();
      expect(send(session, data)).toEqual([
        { type: 'submit', sessionId: ID },
        { type: 'complete', outcome: 'pending', sessionId: ID },
      ]);
    },
  );

  const errors: Array<[number | string | undefined, Record<string, unknown>]> = [
    [1000, { type: 'cancel' }],
    [2000, { type: 'error', code: 'session-expired', providerCode: '2000' }],
    [2002, { type: 'error', code: 'session-expired', providerCode: '2002' }],
    [2004, { type: 'error', code: 'session-expired', providerCode: '2004' }],
    [3000, { type: 'error', code: 'provider-error', recoverable: true, providerCode: '3000' }],
    [3002, { type: 'error', code: 'provider-error', recoverable: true, providerCode: '3002' }],
    [4000, { type: 'error', code: 'camera-unavailable', recoverable: true, providerCode: '4000' }],
    [4001, { type: 'error', code: 'provider-error', recoverable: false, providerCode: '4001' }],
    [5000, { type: 'error', code: 'camera-unavailable', recoverable: false, providerCode: '5000' }],
    [5002, { type: 'error', code: 'provider-error', recoverable: true, providerCode: '5002' }],
    [5004, { type: 'error', code: 'provider-error', recoverable: false, providerCode: '5004' }],
    [5007, { type: 'error', code: 'provider-error', recoverable: false, providerCode: '5007' }],
    [5010, { type: 'error', code: 'camera-unavailable', recoverable: false, providerCode: '5010' }],
    [6001, { type: 'error', code: 'provider-error', recoverable: false, providerCode: '6001' }],
    [7000, { type: 'error', code: 'provider-error', recoverable: false, providerCode: '7000' }],
    ['2002', { type: 'error', code: 'session-expired', providerCode: '2002' }],
    [8123, { type: 'error', code: 'provider-error', recoverable: true, providerCode: '8123' }],
    [undefined, { type: 'error', code: 'provider-error', recoverable: true }],
  ];

  it.each(errors)('ERROR %s → %j (Yoti ends its flow on every ERROR)', (code, expected) => {
    for (const [form, data] of encodings(
      code === undefined ? { eventType: 'ERROR' } : { eventType: 'ERROR', eventCode: code },
    )) {
      const { session } = flow();
      const [signal, ...rest] = send(session, data);
      expect(rest, form).toEqual([]);
      expect(signal, form).toMatchObject(expected);
      if (expected.type === 'error') expect((signal as { message: string }).message.length).toBeGreaterThan(10);
    }
  });

  it('reads eventType in any letter case and ignores what Yoti does not send', () => {
    const { session } = flow();
    expect(send(session, { eventType: 'success' })[1]).toMatchObject({ type: 'complete' });
    for (const data of [
      { eventType: 'INIT_SESSION' },
      { type: 'SUCCESS' },
      'SUCCESS',
      { eventType: 42 },
      { eventType: 'ERRORS', eventCode: 1000 },
    ]) {
      expect(send(flow().session, data)).toEqual([]);
    }
  });
});

describe('yoti post method', () => {
  it('answers STARTED with INIT_SESSION (id and token) to the frame, and only then is ready', () => {
    const { session, port } = flow({ sessionId: ID, launch: 'post' });
    expect(session.onLoad?.()).toEqual([]);
    expect(send(session, JSON.stringify({ eventType: 'STARTED' }))).toEqual([{ type: 'ready', sessionId: ID }]);
    expect(port.posted).toEqual([{ eventType: 'INIT_SESSION', sessionID: ID, sessionToken: TOKEN }]);
    // A second STARTED (Yoti's page reloaded itself) is not a second hand-over or a second ready.
    expect(send(session, { eventType: 'STARTED' })).toEqual([]);
    expect(port.posted).toHaveLength(1);
  });

  it('hands over the refreshed token, and the token from a session URL', () => {
    const { session, port } = flow({ sessionId: ID, launch: 'post' });
    port.setToken('fresh-token-1234567890');
    send(session, { eventType: 'STARTED' });
    expect(port.posted).toEqual([{ eventType: 'INIT_SESSION', sessionID: ID, sessionToken: 'fresh-token-1234567890' }]);
    const fromUrl = start(
      yoti,
      context({
        sessionUrl: new URL(`https://api.yoti.com/idverify/v1/web/index.html?sessionID=${ID}&sessionToken=${TOKEN}`),
        options: { launch: 'post' },
      }),
    );
    send(fromUrl.session, { eventType: 'STARTED' });
    expect(fromUrl.port.posted).toEqual([{ eventType: 'INIT_SESSION', sessionID: ID, sessionToken: TOKEN }]);
  });
});

describe('yoti secrets and robustness', () => {
  it('survives 200 junk inputs, emits only well-formed signals and never the token', () => {
    const { session } = flow({ sessionId: ID, launch: 'post' });
    const shapes = [
      { eventType: 'SUCCESS' },
      { eventType: 'ERROR', eventCode: TOKEN },
      { eventType: 'STARTED' },
      { eventType: 'ERROR', eventCode: 2002 },
    ];
    const signals = expectRobust(session, junk(11, shapes, ['SUCCESS', 'ERROR', 'STARTED', TOKEN]));
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, TOKEN);
  });
});
