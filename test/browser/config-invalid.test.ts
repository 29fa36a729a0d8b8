import { afterEach, describe, expect, it } from 'vitest';
import { attr, fixtureCleanup, frameOf, record, SANDBOX, settle, widget } from './helpers';

afterEach(() => fixtureCleanup());

/** The README's inputs: each of these gives config-invalid, recoverable false, and no iframe at all. */
const CASES: Array<[string, string]> = [
  ['an unknown provider', `provider="acme" session-url="${SANDBOX}/generic"`],
  ['unparsable options', `options="{templateId:" session-url="${SANDBOX}/generic"`],
  ['options that are not an object', `options="[1,2]" session-url="${SANDBOX}/generic"`],
  ['a token but no session URL for generic', `session-token="tok_secret"`],
  ['a malformed URL', `session-url="https://"`],
  ['a javascript: URL', `session-url="javascript:parent.postMessage({kyc:1,type:'complete'},'*')"`],
  ['a data: URL', `session-url="data:text/html,<script>parent.postMessage('x','*')</script>"`],
  ['a blob: URL', `session-url="blob:${SANDBOX}/5d3f3a26-0000-4000-8000-000000000000"`],
  ['plain http on a public host', `session-url="http://example.com/verify"`],
  ['an ftp: URL', `session-url="ftp://example.com/verify"`],
  ['credentials in the URL', `session-url="https://user:pass@example.com/verify"`],
  ['an origin outside the provider allowlist', `provider="veriff" session-url="${SANDBOX}/veriff"`],
  ['a malformed allowed-origins entry', `allowed-origins="not-an-origin" session-url="${SANDBOX}/generic"`],
  ['a wildcard for everything in allowed-origins', `allowed-origins="*" session-url="${SANDBOX}/generic"`],
];

describe('bad configuration gives config-invalid and nothing half-built', () => {
  for (const [name, attributes] of CASES) {
    it(name, async () => {
      const events = record(document);
      const el = await widget(
        `<kyc-widget ${attributes.replace(/"([^"]*)"/g, (_, v: string) => `"${attr(v)}"`)}></kyc-widget>`,
      );
      await expect.poll(() => events.some((e) => e.type === 'kyc-error')).toBe(true);
      await settle();
      events.stop();
      const errors = events.filter((e) => e.type === 'kyc-error');
      expect(errors).toHaveLength(1);
      expect(errors[0].detail).toMatchObject({ code: 'config-invalid', recoverable: false });
      expect(typeof errors[0].detail.message).toBe('string');
      expect(el.state).toBe('error');
      expect(el.lastError?.code).toBe('config-invalid');
      expect(frameOf(el)).toBeNull();
      expect(events.some((e) => e.type === 'kyc-ready')).toBe(false);
    });
  }

  it('never throws out of the element, whatever a property is set to', async () => {
    const el = await widget(`<kyc-widget></kyc-widget>`);
    const junk: unknown[] = [
      null,
      undefined,
      42,
      {},
      [],
      () => 1,
      Symbol.iterator,
      'x'.repeat(100000),
      Object.create(null),
    ];
    for (const value of junk) {
      for (const prop of [
        'provider',
        'sessionUrl',
        'options',
        'mode',
        'theme',
        'loadTimeout',
        'allowedOrigins',
        'decision',
        'locale',
      ]) {
        expect(() => ((el as unknown as Record<string, unknown>)[prop] = value)).not.toThrow();
      }
    }
    await settle();
    expect(frameOf(el)).toBeNull();
  });

  it('recovers once the host fixes the input', async () => {
    const el = await widget(`<kyc-widget session-url="http://example.com/"></kyc-widget>`);
    await expect.poll(() => el.state).toBe('error');
    el.sessionUrl = `${SANDBOX}/generic?script=ready`;
    await expect.poll(() => el.state).toBe('ready');
    expect(frameOf(el)).not.toBeNull();
  });

  it('stays idle, with no frame and no error, until a session is known', async () => {
    const events = record(document);
    const el = await widget(`<kyc-widget provider="generic"></kyc-widget>`);
    await settle();
    events.stop();
    expect(el.state).toBe('idle');
    expect(events).toHaveLength(0);
    expect(frameOf(el)).toBeNull();
  });
});
