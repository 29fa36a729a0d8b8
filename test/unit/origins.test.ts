import { describe, expect, it } from 'vitest';
import { safeUrl } from '../../src/frame/allow';
import { allowedOrigins, matchesPattern, OriginAllowlist, originPattern } from '../../src/frame/origins';
import { Problem } from '../../src/frame/problem';

function pattern(text: string) {
  const parsed = originPattern(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('origin patterns', () => {
  it('matches exact origins only, scheme and port included', () => {
    const list = new OriginAllowlist([pattern('https://inquiry.withpersona.com')]);
    expect(list.has('https://inquiry.withpersona.com')).toBe(true);
    expect(list.has('http://inquiry.withpersona.com')).toBe(false);
    expect(list.has('https://inquiry.withpersona.com:8443')).toBe(false);
    expect(list.has('https://evil.withpersona.com')).toBe(false); // Persona's SDK would accept this one
    expect(list.has('https://inquiry.withpersona.com.evil.io')).toBe(false);
    expect(list.has('')).toBe(false);
    expect(list.has('null')).toBe(false);
  });

  it('matches a one-label wildcard with exactly one label', () => {
    const jumio = pattern('https://*.web.emea-1.jumio.ai');
    expect(matchesPattern('https://acme.web.emea-1.jumio.ai', jumio)).toBe(true);
    expect(matchesPattern('https://a.b.web.emea-1.jumio.ai', jumio)).toBe(false);
    expect(matchesPattern('https://web.emea-1.jumio.ai', jumio)).toBe(false);
    expect(matchesPattern('https://acme.web.emea-1.jumio.ai.evil.io', jumio)).toBe(false);
    expect(matchesPattern('http://acme.web.emea-1.jumio.ai', jumio)).toBe(false);
    expect(matchesPattern('https://acmeweb.emea-1.jumio.ai', jumio)).toBe(false);
  });

  it('refuses insecure and malformed entries', () => {
    for (const bad of [
      '*',
      'https://*',
      'https://*.com',
      'http://example.com',
      'ftp://x.io',
      'example.com',
      'https://x.io/path',
      'javascript:alert(1)',
    ]) {
      expect(typeof originPattern(bad), bad).toBe('string');
    }
    for (const good of [
      'http://localhost:5174',
      'http://127.0.0.1:8080',
      'http://[::1]:9000',
      'https://x.example',
      'https://X.Example/',
    ]) {
      expect(typeof originPattern(good), good).toBe('object');
    }
  });

  it('normalizes case and default ports', () => {
    const list = new OriginAllowlist([pattern('HTTPS://Verify.Example:443')]);
    expect(list.has('https://verify.example')).toBe(true);
  });

  it('parses allowed-origins as a space-separated list', () => {
    const parsed = allowedOrigins('  https://a.example\n http://localhost:5174  https://*.b.example ');
    expect(Array.isArray(parsed) && parsed.length).toBe(3);
    expect(allowedOrigins(undefined)).toEqual([]);
    expect(allowedOrigins('https://a.example nope')).toEqual(new Problem('entry-syntax', 'allowed-origins', 'nope'));
  });
});

describe('session URLs', () => {
  it('accepts https anywhere and http on loopback only', () => {
    expect(safeUrl('https://verify.example/s/1', 'u') instanceof URL).toBe(true);
    for (const host of ['localhost', '127.0.0.1', '[::1]'])
      expect(safeUrl(`http://${host}:5174/x`, 'u') instanceof URL).toBe(true);
    expect(safeUrl('http://192.168.1.2/x', 'u') instanceof URL).toBe(false);
    expect(safeUrl('http://localhost.evil.io/x', 'u') instanceof URL).toBe(false);
  });

  it('refuses script-bearing and local schemes, credentials and garbage', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'blob:https://a/b',
      'file:///etc/passwd',
      'about:blank',
      'https://u:p@x.io/',
      'https://',
      '',
      undefined,
    ]) {
      expect(safeUrl(bad as string, 'u') instanceof URL, String(bad)).toBe(false);
    }
  });

  it('resolves relative URLs against the page', () => {
    const parsed = safeUrl('/verify/1', 'u', 'https://shop.example/signup');
    expect(parsed instanceof URL && parsed.href).toBe('https://shop.example/verify/1');
  });
});
