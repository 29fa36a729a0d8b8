import { describe, expect, it } from 'vitest';
import { cspProblems, HOSTS, hostsToRun, ranLine, scriptNonce } from '../../scripts/examples.mjs';

/**
 * The examples runner's own checks (scripts/examples.mjs, run by .ci/run): which hosts it must run, and what it
 * asks of a server's Content-Security-Policy. Each check is shown failing on the response it must refuse.
 */

const policy = (nonce: string, trustedTypes = true) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    ...(trustedTypes ? ["require-trusted-types-for 'script'", 'trusted-types nextjs#bundler'] : []),
  ].join('; ');
const page = (nonce: string, extra = '') =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async="" nonce="${nonce}"></script></head>` +
  `<body><kyc-widget></kyc-widget><script nonce="${nonce}">self.__next_f=self.__next_f||[]</script>${extra}</body></html>`;
const response = (nonce: string, extra = '', trustedTypes = true) => ({
  policy: policy(nonce, trustedTypes),
  html: page(nonce, extra),
});

describe('the examples runner: a server’s policy', () => {
  it('reads the script-src nonce', () => {
    expect(scriptNonce(policy('cGVyLXJlcXVlc3Q='))).toBe('cGVyLXJlcXVlc3Q=');
    expect(scriptNonce("default-src 'self' 'nonce-abc'; script-src 'self'")).toBeNull();
  });

  it('passes a nonce new on each request, on every script, with Trusted Types required', () => {
    expect(cspProblems(response('bm9uY2Ux'), response('bm9uY2Uy'), { trustedTypes: true })).toEqual([]);
  });

  it('refuses each failure', () => {
    const checks = { trustedTypes: true };
    expect(cspProblems({ policy: null, html: page('x') }, response('y'), checks)).toEqual([
      'no Content-Security-Policy header',
    ]);
    expect(cspProblems(response('c2FtZQ=='), response('c2FtZQ=='), checks)).toEqual(['the same nonce on two requests']);
    expect(cspProblems(response('bm9uY2Ux', '<script>alert(1)</script>'), response('bm9uY2Uy'), checks)).toEqual([
      '1 of 3 scripts without the nonce: <script>',
    ]);
    expect(cspProblems(response('bm9uY2Ux', '', false), response('bm9uY2Uy', '', false), checks)[0]).toMatch(
      /^Trusted Types not required/,
    );
    expect(
      cspProblems(response('bm9uY2Ux', '', false), response('bm9uY2Uy', '', false), { trustedTypes: false }),
    ).toEqual([]);
    expect(
      cspProblems({ policy: "script-src 'self'", html: page('x') }, response('y'), { trustedTypes: false })[0],
    ).toMatch(/^no nonce in script-src/);
  });
});

describe('the examples runner: which hosts', () => {
  it('runs every host when none is named, and refuses a host that is missing or unknown', () => {
    expect(hostsToRun([], [...HOSTS])).toEqual(HOSTS);
    expect(hostsToRun(['next'], [...HOSTS])).toEqual(['next']);
    expect(() =>
      hostsToRun(
        [],
        HOSTS.filter((name) => name !== 'vue'),
      ),
    ).toThrow('no package.json in examples/vue');
    expect(() => hostsToRun(['solid'], [...HOSTS])).toThrow('solid is not one of the hosts');
    expect(() => hostsToRun([], [...HOSTS, 'solid'])).toThrow('solid is not one of the hosts');
  });

  it('says which ran, and fails when one did not', () => {
    expect(ranLine(['react', 'vue'], ['react', 'vue'])).toMatch(/^examples: 2 of 2 hosts ran \(react, vue\)/);
    expect(() => ranLine(['react', 'vue'], ['react'])).toThrow('examples: 1 of 2 hosts ran (react); not run: vue');
  });
});
