import '../support/providers';
import { describe, expect, it } from 'vitest';
import { defaults } from '../../src/element/inputs';
import { resolveFrame } from '../support/frame-url';
import { OriginAllowlist, originPattern } from '../../src/frame/origins';
import type { ProviderId } from '../../src/providers/registry';

/**
 * Which origins a session trusts (SECURITY.md, "Messages"): the session URL's own origin for the generic protocol
 * only; for a provider, its built-in allowlist plus the host's allowed-origins, never widened by the session URL.
 * And a pattern's port is part of it: `https://*.example.com` means port 443 only.
 */

const env = { locale: 'en', hostOrigin: 'https://shop.example', baseUrl: 'https://shop.example/signup' };
const inputs = (patch: Partial<ReturnType<typeof defaults>>) => ({ ...defaults(), ...patch });

function allowlist(...patterns: string[]): OriginAllowlist {
  return new OriginAllowlist(
    patterns.map((text) => {
      const parsed = originPattern(text);
      if (typeof parsed === 'string') throw new Error(parsed);
      return parsed;
    }),
  );
}

describe('a wildcard pattern keeps its port', () => {
  it('https://*.example.com is port 443 only', () => {
    const list = allowlist('https://*.example.com');
    expect(list.has('https://a.example.com')).toBe(true);
    expect(list.has('https://a.example.com:8443')).toBe(false);
    expect(list.has('https://a.example.com:443')).toBe(false); // not an origin string: the browser never sends it
  });

  it('https://*.example.com:8443 is port 8443 only', () => {
    const list = allowlist('https://*.example.com:8443');
    expect(list.has('https://a.example.com:8443')).toBe(true);
    expect(list.has('https://a.example.com')).toBe(false);
    expect(list.has('https://a.example.com:8444')).toBe(false);
  });
});

describe('the session URL widens the allowlist for the generic protocol only', () => {
  // Each provider's own host would pass; a session URL on another host must be refused, not trusted.
  const elsewhere: Array<[ProviderId, Partial<ReturnType<typeof defaults>>]> = [
    ['persona', { sessionUrl: 'https://evil.example/widget?inquiry-id=inq_1' }],
    ['veriff', { sessionUrl: 'https://evil.example/v/abc' }],
    ['jumio', { sessionUrl: 'https://evil.example/web/v4/app?authorizationToken=x' }],
    ['didit', { sessionUrl: 'https://evil.example/session/abc' }],
    ['zignsec', { sessionUrl: 'https://evil.example/ui/scanning-dp50/abc?otp=1' }],
    ['caf', { sessionUrl: 'https://evil.example/abc' }],
  ];

  it.each(elsewhere)('%s: a session URL on an unlisted origin is config-invalid', (provider, patch) => {
    const result = resolveFrame(inputs({ provider, ...patch }), env);
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(result.message).toContain('is not an allowed origin');
  });

  it('persona: allowed-origins is how a host adds such an origin, and then only that one', () => {
    const result = resolveFrame(
      inputs({
        provider: 'persona',
        sessionUrl: 'https://kyc.example/widget?inquiry-id=inq_1',
        allowedOrigins: 'https://kyc.example',
      }),
      env,
    );
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.frame.allowlist.has('https://kyc.example')).toBe(true);
    expect(result.frame.allowlist.has('https://inquiry.withpersona.com')).toBe(true);
    expect(result.frame.allowlist.has('https://evil.example')).toBe(false);
  });

  it('generic: the session URL’s own origin is trusted, nothing else', () => {
    const result = resolveFrame(inputs({ sessionUrl: 'https://flow.example/s/1' }), env);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.frame.allowlist.has('https://flow.example')).toBe(true);
    expect(result.frame.allowlist.has('https://evil.example')).toBe(false);
  });
});
