import { describe, expect, it } from 'vitest';
import { OriginAllowlist, originPattern, type OriginPattern } from '../../../src/frame/origins';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { jumio } = adapters;

const AUTH = 'eyJhbGciOiJIUzUxMiJ9.jumio-authorization-token.c2lnbmF0dXJl';
const WEB_HREF = 'https://acme.web.emea-1.jumio.ai/web/v4/app?authorizationToken=eyJhbGciOiJIUzUxMiJ9.x.y&locale=de';
const WORKFLOW = '3f0c1c2e-6b8a-4b0a-9d2a-6a7c1e2f3a4b';

function event(value: string, extra: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) {
  return {
    authorizationToken: AUTH,
    customerInternalReference: 'customer-ref-42',
    accountId: 'acc-1',
    workflowExecutionId: WORKFLOW,
    eventType: 510,
    dateTime: '2025-01-01T00:00:00.000Z',
    payload: { value, ...payload },
    ...extra,
  };
}

function flow() {
  return start(jumio, context({ sessionUrl: new URL(WEB_HREF), locale: 'fr' }));
}

describe('jumio frameUrl', () => {
  it('loads the web.href exactly as issued', () => {
    const built = frameUrlOf(jumio, context({ sessionUrl: new URL(WEB_HREF), locale: 'fr', theme: 'dark' }));
    expect(built.ok && built.url.href).toBe(WEB_HREF);
  });

  it('needs a session URL', () => {
    const built = frameUrlOf(jumio, context({ sessionToken: 'tok-123456789' }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(/session-url/);
  });

  it("frames with Jumio's allow list and fullscreen", () => {
    expect(jumio.allow).toBe(
      'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
    );
    expect(jumio.allow.split(';')).toContain('fullscreen');
    expect(jumio.sandbox).toBeUndefined();
  });

  it('trusts exactly one label in front of its regional hosts', () => {
    const allow = new OriginAllowlist(jumio.origins.map((o) => originPattern(o) as OriginPattern));
    for (const origin of [
      'https://acme.web.amer-1.jumio.ai',
      'https://x.web.emea-1.jumio.ai',
      'https://a-b.web.apac-1.jumio.ai',
      'https://lon.netverify.com',
    ]) {
      expect(allow.has(origin), origin).toBe(true);
    }
    for (const origin of [
      'https://web.amer-1.jumio.ai',
      'https://a.b.web.amer-1.jumio.ai',
      'http://acme.web.amer-1.jumio.ai',
      'https://acme.web.amer-1.jumio.ai.evil.example',
      'https://netverify.com',
      'https://evil.example',
    ]) {
      expect(allow.has(origin), origin).toBe(false);
    }
  });
});

describe('jumio messages', () => {
  it.each(encodings(event('loaded')))('maps loaded to ready (%s)', (_, data) => {
    const { session } = flow();
    expect(send(session, data)).toEqual([{ type: 'ready', sessionId: WORKFLOW }]);
  });

  it('maps success to submit and a pending outcome', () => {
    const { session } = flow();
    expect(send(session, JSON.stringify(event('success')))).toEqual([
      { type: 'submit', sessionId: WORKFLOW },
      { type: 'complete', outcome: 'pending', sessionId: WORKFLOW },
    ]);
  });

  it('uses a legacy transactionReference as the session id', () => {
    const { session } = flow();
    const legacy = { ...event('loaded'), workflowExecutionId: undefined, transactionReference: 'tx-123' };
    expect(send(session, JSON.stringify(legacy))).toEqual([{ type: 'ready', sessionId: 'tx-123' }]);
  });

  it.each([
    [9200, { code: 'session-expired', providerCode: '9200' }],
    ['9210', { code: 'session-expired', providerCode: '9210' }],
    [9822, { code: 'camera-unavailable', recoverable: true, providerCode: '9822' }],
    [9836, { code: 'provider-error', recoverable: false, providerCode: '9836' }],
    [9900, { code: 'provider-error', recoverable: false, providerCode: '9900' }],
    [9100, { code: 'provider-error', recoverable: true, providerCode: '9100' }],
    [9801, { code: 'provider-error', recoverable: true, providerCode: '9801' }],
    [9999, { code: 'provider-error', recoverable: true, providerCode: '9999' }],
  ])('maps a legacy error code %s without retriable (older clients) to kyc-error', (code, expected) => {
    const { session } = flow();
    const [signal, ...rest] = send(session, JSON.stringify(event('error', {}, { metainfo: { code } })));
    expect(rest).toEqual([]);
    expect(signal).toMatchObject({ type: 'error', ...expected });
    if (expected.code === 'session-expired') expect(signal).not.toHaveProperty('recoverable');
  });

  it.each([
    [9822, 'H050000', 'camera-unavailable'],
    [9100, 'A050000', 'provider-error'],
    [9301, 'A050000', 'provider-error'],
    [9800, 'E050000', 'offline'],
  ])(
    "retriable %s (Jumio's frame retries by itself) → a warning, with the public code",
    (code, publicErrorCode, expected) => {
      const { session } = flow();
      const metainfo = { mode: 'original', code, codeExternal: code, publicErrorCode, retriable: true };
      expect(send(session, JSON.stringify(event('error', {}, { metainfo })))).toEqual([
        { type: 'warning', code: expected, message: expect.any(String) as string, providerCode: publicErrorCode },
      ]);
    },
  );

  it("a person's cancel (9801, public code G…, not retriable) is a cancel, not an error", () => {
    const { session } = flow();
    const metainfo = { mode: 'original', code: 9801, codeExternal: 9801, publicErrorCode: 'G000000', retriable: false };
    expect(send(session, JSON.stringify(event('error', {}, { metainfo })))).toEqual([{ type: 'cancel' }]);
  });

  it('maps an error without a code', () => {
    const { session } = flow();
    expect(send(session, JSON.stringify(event('error')))).toEqual([
      { type: 'error', code: 'provider-error', message: 'Jumio reported an error', recoverable: true },
    ]);
  });

  it('accepts a letter-case variant of the value and eventType as a string', () => {
    const { session } = flow();
    expect(send(session, { ...event('LOADED'), eventType: '510' })).toEqual([{ type: 'ready', sessionId: WORKFLOW }]);
  });

  it('ignores other event types and unknown values', () => {
    const { session } = flow();
    expect(send(session, { ...event('loaded'), eventType: 511 })).toEqual([]);
    expect(send(session, { ...event('loaded'), eventType: undefined })).toEqual([]);
    expect(send(session, event('started'))).toEqual([]);
    expect(send(session, 'loaded')).toEqual([]);
  });

  it('binds to the first workflow and drops another one', () => {
    const { session } = flow();
    expect(send(session, event('loaded'))).toHaveLength(1);
    expect(send(session, event('success', { workflowExecutionId: 'another-workflow' }))).toEqual([]);
    expect(send(session, event('success'))).toHaveLength(2);
  });

  it('never passes on the authorization token or the customer reference', () => {
    const { session } = flow();
    const signals = [
      ...send(session, JSON.stringify(event('loaded'))),
      ...send(session, JSON.stringify(event('error', {}, { metainfo: { code: 9200 } }))),
      ...send(session, JSON.stringify(event('success'))),
    ];
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, AUTH, 'customer-ref-42', 'acc-1');
  });

  it('drops the token when the frame puts it where an id goes', () => {
    const session = jumio.createSession(start(jumio, context({ sessionUrl: new URL(WEB_HREF) })).port);
    const signals = send(session, { ...event('loaded'), workflowExecutionId: AUTH.slice(0, 60).replace(/\./g, '-') });
    expect(signals).toEqual([{ type: 'ready' }]);
  });
});

describe('jumio robustness', () => {
  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const { session } = flow();
    const shapes = [
      event('loaded'),
      event('success'),
      event('error', {}, { metainfo: { code: 9822, retriable: true, publicErrorCode: 'H050000' } }),
      { eventType: 510, payload: '{"value":"loaded"}' },
    ];
    const signals = expectRobust(session, junk(4, shapes, ['loaded', 'success', 'error', '510']));
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, AUTH);
  });
});
