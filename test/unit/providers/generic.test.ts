import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/providers/generic/protocol';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start, TOKEN } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { generic } = adapters;
const URL_ = 'https://verify.example/flow/abc';
const msg = (type: string, extra: Record<string, unknown> = {}) => ({ kyc: PROTOCOL_VERSION, type, ...extra });

function flow(overrides = {}) {
  return start(generic, context({ sessionUrl: new URL(URL_), locale: 'fr', theme: 'dark', ...overrides }));
}

describe('generic frameUrl', () => {
  it('loads the session URL unchanged, trusting only its origin (no built-in origins)', () => {
    const built = frameUrlOf(generic, context({ sessionUrl: new URL(URL_) }));
    expect(built.ok && built.url.href).toBe(URL_);
    expect(generic.origins).toEqual([]);
    expect(generic.allow).toBe('camera; microphone; fullscreen; clipboard-write');
  });

  it('needs a session URL (a token alone is not enough)', () => {
    const built = frameUrlOf(generic, context({ sessionToken: TOKEN }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(/session-url/);
  });
});

describe('generic messages', () => {
  it('answers ready with init (locale, theme), and never with the token', () => {
    const { session, port } = flow({ sessionToken: TOKEN });
    expect(send(session, msg('ready', { sessionId: 'ses_1' }))).toEqual([{ type: 'ready', sessionId: 'ses_1' }]);
    expect(port.posted).toEqual([{ kyc: 1, type: 'init', locale: 'fr', theme: 'dark' }]);
    expect(JSON.stringify(port.posted)).not.toContain(TOKEN);
  });

  it.each(encodings(msg('complete', { outcome: 'declined', sessionId: 'ses_1' })))('reads a %s', (_, data) => {
    const { session } = flow();
    expect(send(session, data)).toEqual([{ type: 'complete', outcome: 'declined', sessionId: 'ses_1' }]);
  });

  it('maps a whole flow', () => {
    const { session } = flow();
    const signals = [
      msg('ready'),
      msg('start'),
      msg('progress', { step: 'document', index: 1, total: 3 }),
      msg('submit'),
      msg('resize', { height: 720 }),
      msg('complete', { outcome: 'approved' }),
    ].flatMap((m) => send(session, m));
    expect(signals).toEqual([
      { type: 'ready' },
      { type: 'start' },
      { type: 'progress', step: 'document', index: 1, total: 3 },
      { type: 'submit' },
      { type: 'resize', height: 720 },
      { type: 'complete', outcome: 'approved' },
    ]);
  });

  it('takes an unknown outcome as pending, and drops a progress without a step', () => {
    const { session } = flow();
    expect(send(session, msg('complete', { outcome: 'APPROVED!' }))).toEqual([
      { type: 'complete', outcome: 'pending' },
    ]);
    expect(send(session, msg('progress', { index: 2 }))).toEqual([]);
  });

  it('maps errors: camera-unavailable kept, every other code a provider-error with the code kept', () => {
    const { session } = flow();
    expect(
      send(session, msg('error', { code: 'camera-unavailable', recoverable: false, message: 'no camera' })),
    ).toEqual([
      {
        type: 'error',
        code: 'camera-unavailable',
        message: 'no camera',
        providerCode: 'camera-unavailable',
        recoverable: false,
      },
    ]);
    expect(send(session, msg('error', { code: 'E42' }))).toEqual([
      {
        type: 'error',
        code: 'provider-error',
        message: 'The verification frame reported an error',
        providerCode: 'E42',
      },
    ]);
  });

  it('cancels, asks for a new token, and hands a refreshed token over (and nothing for none)', () => {
    const { session, port } = flow();
    expect(send(session, msg('cancel'))).toEqual([{ type: 'cancel' }]);
    expect(send(session, msg('token-expired'))).toEqual([{ type: 'token-expired' }]);
    session.tokenRefreshed?.('fresh-token');
    session.tokenRefreshed?.(null);
    expect(port.posted).toEqual([{ kyc: 1, type: 'token', token: 'fresh-token' }]);
  });

  it('ignores other versions, unknown types and non-objects', () => {
    const { session, port } = flow();
    for (const data of [
      { kyc: 2, type: 'ready' },
      { type: 'ready' },
      msg('approve'),
      'ready',
      '{"kyc":"1","type":"ready"}',
    ]) {
      expect(send(session, data)).toEqual([]);
    }
    expect(port.posted).toEqual([]);
  });

  it('survives junk, and never publishes the token', () => {
    const { session } = flow({ sessionToken: TOKEN });
    const shapes = [
      msg('ready', { sessionId: 'ses_1' }),
      msg('start', { sessionId: 'ses_1' }),
      msg('progress', { step: 'x' }),
      msg('complete', { outcome: 'approved', sessionId: 'ses_1' }),
      msg('error', { code: 'x' }),
      msg('resize', { height: 500 }),
    ];
    const all = expectRobust(
      session,
      junk(11, shapes, [
        'ready',
        'start',
        'progress',
        'submit',
        'complete',
        'cancel',
        'error',
        'resize',
        'token-expired',
      ]),
    );
    expectNoSecret(all, TOKEN);
  });
});
