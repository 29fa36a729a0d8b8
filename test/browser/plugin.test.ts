import { afterEach, describe, expect, inject, it } from 'vitest';
import { register } from '../../src/providers/registry';
import type { KycWidgetElement } from '../../src/index';
import acme from '../support/acme';
import { fixture, fixtureCleanup, html, untilState } from './helpers';

/**
 * A provider added as docs/architecture.md's "Adding a provider" says: one folder (test/support/acme/: its frame
 * facts and builder, its protocol, its plug-in, its frame page served on an origin of its own) and one registry line
 * (here `register`, as src/providers/plugins.ts's line does for the package's own). Then the widget runs it end to end
 * like any other: the handshake answered, ready and start, the protocol's `done` into kyc-complete.
 */

const ACME = inject('acme');

register(acme);

afterEach(fixtureCleanup);

describe('a test-only provider, added as a plug-in', () => {
  it('runs end to end: handshake, kyc-ready, kyc-start, kyc-complete with its outcome', async () => {
    const events: string[] = [];
    const parent = await fixture<HTMLElement>(html`<div></div>`);
    const el = document.createElement('kyc-widget');
    for (const name of ['kyc-ready', 'kyc-start', 'kyc-complete', 'kyc-error'])
      el.addEventListener(name, (event) => events.push(`${name} ${JSON.stringify((event as CustomEvent).detail)}`));
    el.setAttribute('provider', 'acme');
    el.setAttribute('session-url', `${ACME}/page.html?outcome=approved`);
    parent.append(el);
    await untilState(el, 'complete');
    expect(events).toEqual([
      'kyc-ready {"provider":"acme"}',
      'kyc-start {"provider":"acme"}',
      'kyc-complete {"provider":"acme","outcome":"approved"}',
    ]);
  });

  it('an id nobody registered is config-invalid, with no frame', async () => {
    const el = await fixture<KycWidgetElement>(
      html`<kyc-widget provider="acme2" session-url="${ACME}/page.html"></kyc-widget>`,
    );
    await untilState(el, 'error');
    expect(el.lastError?.code).toBe('config-invalid');
    expect(el.lastError?.message).toContain('provider "acme2" is not one of');
    expect(el.shadowRoot!.querySelector('iframe')).toBeNull();
  });
});
