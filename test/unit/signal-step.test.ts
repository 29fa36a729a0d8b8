import { describe, expect, it } from 'vitest';
import { signalStep as stepFor } from '../../src/flow/signals';

describe('stepFor: a provider signal → what the element does', () => {
  it('turns flow signals into machine inputs, keeping the session id', () => {
    expect(stepFor({ type: 'ready', sessionId: 's' })).toEqual({
      kind: 'input',
      input: { type: 'ready', sessionId: 's' },
    });
    expect(stepFor({ type: 'start' })).toEqual({ kind: 'input', input: { type: 'start-flow', sessionId: undefined } });
    expect(stepFor({ type: 'progress', step: 'selfie', index: 2, total: 3 })).toEqual({
      kind: 'input',
      input: { type: 'progress', step: 'selfie', index: 2, total: 3 },
    });
    expect(stepFor({ type: 'submit' })).toEqual({ kind: 'input', input: { type: 'submit', sessionId: undefined } });
    expect(stepFor({ type: 'complete', outcome: 'declined', sessionId: 's' })).toEqual({
      kind: 'input',
      input: { type: 'complete', outcome: 'declined', sessionId: 's' },
    });
    expect(stepFor({ type: 'cancel' })).toEqual({ kind: 'input', input: { type: 'cancel' } });
  });

  it('a warning stays a warning (the flow goes on), without empty fields', () => {
    expect(stepFor({ type: 'warning', code: 'provider-error', message: 'upload failed' })).toEqual({
      kind: 'input',
      input: { type: 'warn', warning: { code: 'provider-error', message: 'upload failed' } },
    });
    expect(
      stepFor({ type: 'warning', code: 'camera-unavailable', message: 'm', providerCode: 'NotAllowed' }),
    ).toMatchObject({
      input: { warning: { providerCode: 'NotAllowed' } },
    });
  });

  it('an error fails the flow with the catalogue default for recoverable, or what the provider said', () => {
    const step = stepFor({ type: 'error', code: 'provider-error', message: 'boom', providerCode: '9100' });
    expect(step).toMatchObject({
      kind: 'input',
      input: { type: 'fail', error: { code: 'provider-error', recoverable: true, providerCode: '9100' } },
    });
    expect(stepFor({ type: 'error', code: 'camera-unavailable', message: 'm', recoverable: false })).toMatchObject({
      input: { error: { recoverable: false } },
    });
  });

  it('expiry, as an error code or as its own signal, asks for renewal rather than failing', () => {
    expect(stepFor({ type: 'error', code: 'session-expired', message: 'gone' })).toMatchObject({
      kind: 'expired',
      error: { code: 'session-expired' },
    });
    expect(stepFor({ type: 'token-expired' })).toMatchObject({ kind: 'expired', error: { code: 'session-expired' } });
  });

  it('resize and reload are effects, not state changes', () => {
    expect(stepFor({ type: 'resize', height: 640 })).toEqual({ kind: 'resize', height: 640 });
    expect(stepFor({ type: 'reload' })).toEqual({ kind: 'reload' });
  });
});
