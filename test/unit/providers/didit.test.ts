import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { didit } = adapters;

const TOKEN = 'dGhpcy1pcy1hLXNlc3Npb24tdG9rZW4';
const SID = '11111111-2222-4333-8444-555555555555';

function flow() {
  return start(didit, context({ sessionToken: TOKEN }));
}

const event = (name: string, data?: Record<string, unknown>) =>
  data ? { type: `didit:${name}`, data, timestamp: 1700000000000 } : { type: `didit:${name}` };

describe('didit frameUrl', () => {
  it('adds sdk_presentation=embedded to a session URL', () => {
    const built = frameUrlOf(didit, context({ sessionUrl: new URL('https://verify.didit.me/u/abc123') }));
    expect(built.ok && built.url.href).toBe('https://verify.didit.me/u/abc123?sdk_presentation=embedded');
  });

  it('keeps a presentation the host chose', () => {
    const built = frameUrlOf(
      didit,
      context({ sessionUrl: new URL('https://verify.didit.me/u/abc?sdk_presentation=modal') }),
    );
    expect(built.ok && built.url.searchParams.getAll('sdk_presentation')).toEqual(['modal']);
  });

  it("builds the session URL from a session token (Didit's own format: the token is the path)", () => {
    const built = frameUrlOf(didit, context({ sessionToken: TOKEN }));
    expect(built.ok && built.url.href).toBe(`https://verify.didit.me/session/${TOKEN}?sdk_presentation=embedded`);
  });

  it('prefers the session URL and never adds the token to it', () => {
    const built = frameUrlOf(
      didit,
      context({ sessionUrl: new URL('https://verify.didit.me/u/abc'), sessionToken: TOKEN }),
    );
    expect(built.ok && built.url.href).not.toContain(TOKEN);
  });

  it.each([
    [context(), /session-url/],
    [context({ options: { sessionToken: TOKEN } }), /session-url/],
    [context({ sessionToken: '../admin' }), /not a valid/],
    [context({ sessionToken: 'a/b' }), /not a valid/],
    [context({ sessionToken: 'a?b=c' }), /not a valid/],
  ])('refuses bad input (%#)', (ctx, message) => {
    const built = frameUrlOf(didit, ctx);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(message);
  });

  it("frames with Didit's allow list and its one origin", () => {
    expect(didit.allow).toBe('camera; microphone; fullscreen; autoplay; encrypted-media; geolocation; clipboard-write');
    expect(didit.sandbox).toBeUndefined();
    expect(didit.origins).toEqual(['https://verify.didit.me']);
  });
});

describe('didit messages', () => {
  it.each(encodings(event('ready', { sessionId: SID })))('maps ready with the session id (%s)', (_, data) => {
    const { session } = flow();
    expect(send(session, data)).toEqual([{ type: 'ready', sessionId: SID }]);
  });

  it('maps the flow and remembers the session id', () => {
    const { session } = flow();
    expect(send(session, event('ready', { sessionId: SID }))).toEqual([{ type: 'ready', sessionId: SID }]);
    expect(send(session, event('started'))).toEqual([{ type: 'start', sessionId: SID }]);
    expect(send(session, event('step_started', { step: 'document_front' }))).toEqual([
      { type: 'progress', step: 'document_front' },
    ]);
    expect(send(session, event('step_completed', { step: 'document_front', nextStep: 'selfie' }))).toEqual([]);
    expect(send(session, event('step_changed', { step: 'liveness', previousStep: 'document_front' }))).toEqual([
      { type: 'progress', step: 'liveness' },
    ]);
    expect(send(session, event('verification_submitted'))).toEqual([{ type: 'submit', sessionId: SID }]);
    expect(send(session, event('layout', { contentHeight: 733.6 }))).toEqual([{ type: 'resize', height: 734 }]);
    expect(send(session, event('layout', { contentHeight: 20000 }))).toEqual([]);
    expect(send(session, event('completed', { status: 'Approved' }))).toEqual([
      { type: 'complete', outcome: 'approved', sessionId: SID },
    ]);
  });

  it.each([
    ['Approved', 'approved'],
    ['APPROVED', 'approved'],
    ['Declined', 'declined'],
    ['In Review', 'pending'],
    ['Pending', 'pending'],
    ['Not Finished', 'pending'],
    [undefined, 'pending'],
  ])('maps completed with status %s to %s', (status, outcome) => {
    const { session } = flow();
    expect(send(session, event('completed', { sessionId: 'sid-2', status }))).toEqual([
      { type: 'complete', outcome, sessionId: 'sid-2' },
    ]);
  });

  it.each(['cancelled', 'CANCELLED'])('maps %s to cancel', (name) => {
    const { session } = flow();
    expect(send(session, event(name))).toEqual([{ type: 'cancel' }]);
  });

  it('maps close_request to a request to confirm (the SDK asks before it closes)', () => {
    const { session } = flow();
    expect(send(session, event('close_request'))).toEqual([{ type: 'close-request' }]);
  });

  it.each([
    [{ error: 'camera_permission_denied' }, { code: 'camera-unavailable', providerCode: 'camera_permission_denied' }],
    [{ error: 'Could not access the camera', step: 'liveness' }, { code: 'camera-unavailable' }],
    [
      { error: { code: 'NotAllowedError', message: 'getUserMedia failed' } },
      { code: 'camera-unavailable', providerCode: 'NotAllowedError' },
    ],
    [{ error: 'permission_denied' }, { code: 'provider-error', providerCode: 'permission_denied' }],
    [{ error: 'network_error' }, { code: 'provider-error', providerCode: 'network_error' }],
    [{ error: 'Something <b>went</b> wrong' }, { code: 'provider-error', message: 'Didit reported an error' }],
    [{}, { code: 'provider-error', message: 'Didit reported an error' }],
  ])('maps error %j', (data, expected) => {
    const { session } = flow();
    const signals = send(session, event('error', data));
    expect(signals).toHaveLength(1);
    // Didit's SDK only logs didit:error: its frame shows what to do, and the flow goes on.
    expect(signals[0]).toMatchObject({ type: 'warning', ...expected });
    expect(signals[0]).not.toHaveProperty('recoverable');
    expect(JSON.stringify(signals)).not.toContain('<b>');
  });

  it('ignores analytics names, foreign namespaces and bare strings', () => {
    const { session } = flow();
    expect(send(session, event('document_captured'))).toEqual([]);
    expect(send(session, { type: 'ready' })).toEqual([]);
    expect(send(session, { type: 'other:ready' })).toEqual([]);
    expect(send(session, 'didit:ready')).toEqual([]);
  });
});

describe('didit secrets and robustness', () => {
  it('never publishes the session token, even echoed by the frame', () => {
    const { session } = flow();
    const signals = [
      ...send(session, event('ready', { sessionId: TOKEN })),
      ...send(session, event('step_started', { step: TOKEN })),
      ...send(session, event('error', { error: TOKEN })),
    ];
    expect(signals).toEqual([
      { type: 'ready' },
      { type: 'warning', code: 'provider-error', message: 'The verification frame reported an error' },
    ]);
    expectNoSecret(signals, TOKEN);
  });

  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const { session } = flow();
    const shapes = [
      event('ready', { sessionId: SID }),
      event('completed', { status: 'Approved' }),
      event('error', { error: 'camera' }),
      event('layout', { contentHeight: 500 }),
      { type: 'didit:step_started', data: '{"step":"selfie"}' },
    ];
    const names = ['didit:ready', 'didit:started', 'didit:completed', 'didit:error', 'didit:layout', 'didit:cancelled'];
    const signals = expectRobust(session, junk(6, shapes, names));
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, TOKEN);
  });
});
