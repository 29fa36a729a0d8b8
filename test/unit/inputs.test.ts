import '../support/providers';
import { describe, expect, it } from 'vitest';
import {
  BY_ATTRIBUTE,
  coerce,
  configKey,
  defaults,
  fromAttribute,
  InvalidJson,
  type InputSpec,
} from '../../src/element/inputs';
import { decisionEndpointOf } from '../../src/element/resolve';
import { resolveFrame } from '../support/frame-url';
import { Problem } from '../../src/frame/problem';

const row = (name: string) => BY_ATTRIBUTE.get(name) as InputSpec;
const env = { locale: 'en', hostOrigin: 'https://shop.example', baseUrl: 'https://shop.example/signup' };

describe('attribute parsing', () => {
  it('booleans by presence', () => {
    expect(fromAttribute(row('open'), '')).toBe(true);
    expect(fromAttribute(row('open'), 'false')).toBe(true);
    expect(fromAttribute(row('open'), null)).toBe(false);
  });

  it('bad values become defaults; options keeps its error for config-invalid', () => {
    expect(fromAttribute(row('mode'), 'MODAL')).toBe('modal');
    expect(fromAttribute(row('mode'), 'x')).toBe('inline');
    expect(fromAttribute(row('load-timeout'), '1500')).toBe(1500);
    expect(fromAttribute(row('load-timeout'), '0')).toBe(20000);
    expect(fromAttribute(row('options'), '{"a":1}')).toEqual({ a: 1 });
    expect(fromAttribute(row('options'), '{')).toBeInstanceOf(InvalidJson);
    expect(coerce(row('options'), 'null')).toBeInstanceOf(InvalidJson);
    expect(coerce(row('provider'), Symbol('x'))).toBe('generic');
  });
});

describe('resolveFrame', () => {
  const inputs = (patch: Partial<ReturnType<typeof defaults>>) => ({ ...defaults(), ...patch });

  it('is idle without a session', () => {
    expect(resolveFrame(inputs({}), env).kind).toBe('idle');
  });

  it('trusts the session URL origin for generic, plus allowed-origins', () => {
    const result = resolveFrame(
      inputs({ sessionUrl: 'https://flow.example/s/1', allowedOrigins: 'https://cdn.flow.example' }),
      env,
    );
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.frame.allowlist.has('https://flow.example')).toBe(true);
    expect(result.frame.allowlist.has('https://cdn.flow.example')).toBe(true);
    expect(result.frame.allowlist.has('https://other.example')).toBe(false);
  });

  it('gives a config-invalid reason for each bad input', () => {
    const cases: Array<Partial<ReturnType<typeof defaults>>> = [
      { provider: 'acme', sessionUrl: 'https://a.example' },
      {
        options: new InvalidJson(new Problem('json-syntax', 'options', new SyntaxError('bad'))),
        sessionUrl: 'https://a.example',
      },
      { sessionUrl: 'javascript:alert(1)' },
      { sessionUrl: 'http://a.example' },
      { allowedOrigins: 'nope', sessionUrl: 'https://a.example' },
      { sessionEndpoint: 'data:x' },
      { sessionToken: 'tok' },
    ];
    for (const patch of cases) {
      const result = resolveFrame(inputs(patch), env);
      expect(result.kind, JSON.stringify(patch)).toBe('invalid');
    }
  });

  it('takes session-url only as an absolute URL, but a relative session-endpoint against the page', () => {
    for (const sessionUrl of ['not a url', '/verify/abc', 'verify/abc', '//evil.example/x', '?session=1', '  ']) {
      const result = resolveFrame(inputs({ sessionUrl }), env);
      expect(result.kind, sessionUrl).toBe('invalid');
      if (result.kind === 'invalid' && sessionUrl.trim())
        expect(result.message).toMatch(/session-url must be an absolute URL/);
    }
    const endpoint = resolveFrame(inputs({ sessionEndpoint: '/api/kyc-session' }), env);
    expect(endpoint).toEqual({ kind: 'needs-session', endpoint: new URL('https://shop.example/api/kyc-session') });
  });

  it('decision-endpoint: relative to the page; the URL rules of the others; not the frame’s configuration', () => {
    const frame = { sessionUrl: 'https://flow.example/s/1' };
    expect(resolveFrame(inputs({ ...frame, decisionEndpoint: '/api/kyc-decision' }), env).kind).toBe('ok');
    expect(decisionEndpointOf({ decisionEndpoint: 'api/kyc-decision' }, env.baseUrl)?.href).toBe(
      'https://shop.example/api/kyc-decision',
    );
    expect(decisionEndpointOf({ decisionEndpoint: 'http://localhost:3000/d' }, env.baseUrl)?.href).toBe(
      'http://localhost:3000/d',
    );
    for (const decisionEndpoint of [
      'javascript:alert(1)',
      'data:,x',
      'http://shop.example/d',
      'https://u:p@a.example/',
    ]) {
      const result = resolveFrame(inputs({ ...frame, decisionEndpoint }), env);
      expect(result.kind, decisionEndpoint).toBe('invalid');
      if (result.kind === 'invalid') expect(result.message, decisionEndpoint).toMatch(/^decision-endpoint /);
      expect(decisionEndpointOf({ decisionEndpoint }, env.baseUrl), decisionEndpoint).toBeUndefined();
    }
    // With nothing else on the page (a result to show on reload), a bad one is still refused.
    expect(resolveFrame(inputs({ decisionEndpoint: 'ftp://a.example/' }), env).kind).toBe('invalid');
    // A pass over the inputs reads it, but a change never restarts the frame.
    expect(row('decision-endpoint')).toMatchObject({ property: 'decisionEndpoint', config: true, keyed: false });
    expect(configKey(inputs({ ...frame, decisionEndpoint: '/a' }))).toBe(
      configKey(inputs({ ...frame, decisionEndpoint: '/b' })),
    );
    expect(configKey(inputs({ sessionEndpoint: '/a' }))).not.toBe(configKey(inputs({ sessionEndpoint: '/b' })));
  });
});
