import { afterEach, describe, expect, it, vi } from 'vitest';
import { sayFinalError } from '../../src/runtime/loud';

/** element/loud.ts: what a final kyc-error writes to the console, and what it never writes. */

const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => spy.mockClear());
const lines = () => spy.mock.calls.map((args) => args.join(' '));

describe('sayFinalError', () => {
  it('a URL’s query and fragment are left out; its origin and path stay', () => {
    sayFinalError(
      {
        provider: 'generic',
        code: 'config-invalid',
        recoverable: false,
        message: 'https://verify.example/s/1?token=abc123&x=1#frag is not served here',
      },
      [],
    );
    expect(lines()).toEqual(['[kyc-widget] config-invalid (generic): https://verify.example/s/1?… is not served here']);
  });

  it('a message that carries the session token is not repeated', () => {
    const token = 'tok_0123456789abcdefXYZ';
    sayFinalError(
      { provider: 'sumsub', code: 'provider-error', recoverable: false, message: `bad token ${token.slice(2)}` },
      [token],
    );
    expect(lines()).toEqual([
      '[kyc-widget] provider-error (sumsub): (the message carries the session token: not shown)',
    ]);
  });

  it('recoverable errors other than config-invalid say nothing; each cause once', () => {
    sayFinalError({ provider: 'generic', code: 'frame-load-timeout', recoverable: true, message: 'slow' }, []);
    expect(lines()).toEqual([]);
    const detail = { provider: 'generic', code: 'session-expired', recoverable: false, message: 'expired' } as const;
    sayFinalError(detail, []);
    sayFinalError(detail, []);
    expect(lines()).toEqual(['[kyc-widget] session-expired (generic): expired']);
  });
});
