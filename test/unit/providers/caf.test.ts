import { describe, expect, it } from 'vitest';
import { adapters, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { caf } = adapters;
const TOKEN = 'Zx81aQ2wE3rT4yU5iO6pA7sD8fG9hJ0k';

function flow() {
  return start(caf, context({ sessionToken: TOKEN }));
}

describe('caf frameUrl', () => {
  it('builds https://cadastro.io/<token>', () => {
    const built = frameUrlOf(caf, context({ sessionToken: TOKEN }));
    expect(built.ok && built.url.href).toBe(`https://cadastro.io/${TOKEN}`);
  });

  it('frames an onboarding link as given (tenant and beta subdomains are built in)', () => {
    const link = `https://celcoin.beta.cadastro.io/${TOKEN}`;
    const built = frameUrlOf(caf, context({ sessionUrl: new URL(link) }));
    expect(built.ok && built.url.href).toBe(link);
    expect(caf.origins).toEqual(['https://cadastro.io', 'https://*.cadastro.io', 'https://*.beta.cadastro.io']);
    expect(caf.allow).toBe('camera; geolocation');
  });

  it.each([
    [context()],
    [context({ sessionToken: '../admin' })],
    [context({ sessionToken: 'a/b' })],
    [context({ sessionToken: 'bad token' })],
  ])('refuses bad input (%#)', (ctx) => {
    expect(frameUrlOf(caf, ctx).ok).toBe(false);
  });
});

describe('caf events', () => {
  it('is ready on the first iframe load only', () => {
    const { session } = flow();
    expect(session.onLoad?.()).toEqual([{ type: 'ready' }]);
    expect(session.onLoad?.()).toEqual([]);
  });

  it('STEP_STARTED starts the flow once, then reports each step with its index', () => {
    const { session } = flow();
    expect(send(session, { code: 'STEP_STARTED', response: { stepName: 'INSTRUCTIONS', stepIndex: 0 } })).toEqual([
      { type: 'start' },
      { type: 'progress', step: 'instructions', index: 0 },
    ]);
    expect(
      send(session, JSON.stringify({ code: 'STEP_STARTED', response: { stepName: 'DOCUMENT_TYPE', stepIndex: 1 } })),
    ).toEqual([{ type: 'progress', step: 'document_type', index: 1 }]);
    // The detail's key is not named in CAF's table: the message itself is read when there is no `response`.
    expect(send(session, { code: 'STEP_STARTED', stepName: 'LIVENESS_IPROOV', stepIndex: '2' })).toEqual([
      { type: 'progress', step: 'liveness_iproov', index: 2 },
    ]);
    expect(send(session, { code: 'STEP_COMPLETED', response: { stepName: 'INSTRUCTIONS', stepIndex: 0 } })).toEqual([]);
  });

  it('the first STEP_STARTED is the start even when it names no step (then no kyc-progress)', () => {
    const { session } = flow();
    expect(send(session, { code: 'STEP_STARTED', response: { stepIndex: 0 } })).toEqual([{ type: 'start' }]);
    expect(send(session, { code: 'STEP_STARTED', response: { stepName: 'SELFIE', stepIndex: 1 } })).toEqual([
      { type: 'progress', step: 'selfie', index: 1 },
    ]);
  });

  it.each(encodings({ code: 'ONBOARDING_FINISHED', response: { executionId: 'exec_1a2b3c' } }))(
    'ONBOARDING_FINISHED (%s) submits and completes pending with the executionId',
    (_form, data) => {
      expect(send(flow().session, data)).toEqual([
        { type: 'submit', sessionId: 'exec_1a2b3c' },
        { type: 'complete', outcome: 'pending', sessionId: 'exec_1a2b3c' },
      ]);
    },
  );

  it.each([
    ['SDK_CAMERA_DENIED', 'camera-unavailable'],
    ['SDK_CAPTURE_DENIED', 'provider-error'],
    ['SDK_CAPTURE_FAILED', 'provider-error'],
    ['SDK_CAPTURE_INVALID', 'provider-error'],
    ['LIVENESS_IPROOV_ERROR', 'provider-error'],
  ])('%s is a warning (%s): CAF lets the person redo the step', (code, kind) => {
    const [signal, ...rest] = send(flow().session, { code, response: {} });
    expect(rest).toEqual([]);
    expect(signal).toMatchObject({ type: 'warning', code: kind, providerCode: code });
  });

  it('ignores informational codes and foreign shapes', () => {
    for (const data of [
      { code: 'GET_CAMERA_PERMISSIONS' },
      { code: 'TERM_ACCEPTED', response: true },
      { code: 'DOCUMENT_TYPE_SELECTED', response: { type: 'CNH' } },
      { code: 7 },
      { type: 'ONBOARDING_FINISHED' },
      'ONBOARDING_FINISHED',
    ]) {
      expect(send(flow().session, data)).toEqual([]);
    }
  });
});

describe('caf secrets and robustness', () => {
  it('survives 200 junk inputs, emits only well-formed signals and never the token', () => {
    const shapes = [
      { code: 'ONBOARDING_FINISHED', response: { executionId: TOKEN } },
      { code: 'STEP_STARTED', response: { stepName: TOKEN, stepIndex: 1 } },
      { code: 'SDK_CAMERA_DENIED' },
    ];
    const signals = expectRobust(
      flow().session,
      junk(17, shapes, ['STEP_STARTED', 'ONBOARDING_FINISHED', 'SDK_CAMERA_DENIED', TOKEN]),
    );
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, TOKEN);
  });
});
