import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { attr, fixtureCleanup, SANDBOX, scripted, untilState, widget } from './helpers';

/**
 * Loud where a developer looks: `config-invalid` and every error the person cannot get past write one
 * `console.error` with the reason, without `debug`, once per cause; never a token. Read from the page's own console.
 */

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  errors.mockRestore();
  return fixtureCleanup();
});

/** What the widget wrote with console.error (the test runner's own lines are not the widget's). */
const widgetLines = () =>
  errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.startsWith('[kyc-widget]'));

async function failed(el: KycWidgetElement): Promise<void> {
  await untilState(el, 'error');
  await expect.poll(() => el.lastError).not.toBeNull();
}

describe('the console, where a developer looks', () => {
  it('config-invalid: one console.error with the reason, without debug; once for the same cause', async () => {
    const el = await widget(`<kyc-widget provider="veriff" session-url="${attr(`${SANDBOX}/veriff`)}"></kyc-widget>`);
    await failed(el);
    expect(el.debug).toBe(false);
    expect(widgetLines()).toEqual([`[kyc-widget] config-invalid (veriff): ${el.lastError!.message}`]);
    expect(widgetLines()[0]).toContain('is not an allowed origin for veriff; add it to allowed-origins');

    // The same cause again (a second element with the same mistake): nothing more.
    const again = await widget(
      `<kyc-widget provider="veriff" session-url="${attr(`${SANDBOX}/veriff`)}"></kyc-widget>`,
    );
    await failed(again);
    expect(widgetLines()).toHaveLength(1);

    // Another cause: its own line.
    const other = await widget(`<kyc-widget provider="acme" session-url="${attr(`${SANDBOX}/generic`)}"></kyc-widget>`);
    await failed(other);
    expect(widgetLines()).toHaveLength(2);
    expect(widgetLines()[1]).toContain('provider "acme" is not one of');
  });

  it('never the token: a config-invalid with a session token logs the reason alone', async () => {
    const token = 'tok_SECRET_0123456789abcdef';
    const el = document.createElement('kyc-widget');
    el.sessionToken = token;
    el.provider = 'generic';
    document.body.append(el);
    await failed(el);
    expect(el.lastError!.code).toBe('config-invalid');
    const lines = widgetLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('session-url is required for the generic provider');
    expect(lines.join('\n')).not.toContain('SECRET');
    el.remove();
  });

  it('a provider error the person cannot retry: one line, with the provider’s code', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'error:E_FATAL:false']))}"></kyc-widget>`,
    );
    await failed(el);
    expect(el.lastError).toMatchObject({ code: 'provider-error', recoverable: false });
    expect(widgetLines()).toEqual([
      `[kyc-widget] provider-error (generic): ${el.lastError!.message} (provider code E_FATAL)`,
    ]);
  });

  it('a recoverable error (the person has "Try again") writes nothing', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'error:E_SOFT']))}"></kyc-widget>`);
    await failed(el);
    expect(el.lastError).toMatchObject({ code: 'provider-error', recoverable: true });
    expect(widgetLines()).toEqual([]);
  });
});
