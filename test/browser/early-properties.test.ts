import { afterEach, describe, expect, it } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { frameOf, scripted, settle, untilState } from './helpers';

/**
 * The later write wins, before the tag is defined as after. Markup `<kyc-widget session-url="A">`, then a
 * script's `el.sessionUrl = "B"`: the widget loads B, whether the tag was defined first or only later (an
 * async bundle). The markup's attribute exists from the element's creation, before any script could set a
 * property on it: a property set before the upgrade is the later write, so it beats the attributes found at the
 * upgrade. (The platform records no order between a property and an attribute both written before the
 * upgrade: the property wins then too, as in Lit.) Any attribute written after the upgrade is later, and wins.
 */

let n = 0;
const host = document.createElement('div');
document.body.append(host);
afterEach(() => host.replaceChildren());

type Row = [property: keyof KycWidgetElement & string, attribute: string, text: string, value: unknown];

const ROWS: Row[] = [
  ['provider', 'provider', 'persona', 'generic'],
  ['sessionToken', 'session-token', 'tok_attribute_123456', 'tok_property_123456'],
  ['sessionEndpoint', 'session-endpoint', '/attribute-endpoint', '/property-endpoint'],
  ['allowedOrigins', 'allowed-origins', 'https://attribute.example', 'https://property.example'],
  ['options', 'options', '{"from":"attribute"}', { from: 'property' }],
  ['mode', 'mode', 'modal', 'inline'],
  ['open', 'open', '', false],
  ['locale', 'locale', 'fr', 'de'],
  ['theme', 'theme', 'dark', 'light'],
  ['loadTimeout', 'load-timeout', '5000', 7000],
  ['decision', 'decision', 'approved', 'declined'],
  ['debug', 'debug', '', false],
];

/** A `<tag attribute="text">` parsed from markup, under a tag defined now (`defined`) or not yet. */
function markup(attribute: string, text: string, defined: boolean): { tag: string; el: KycWidgetElement } {
  const tag = `kyc-early-${n++}`;
  if (defined) defineKycWidget(tag);
  host.innerHTML = `<${tag} ${attribute}="${text.replace(/"/g, '&quot;')}"></${tag}>`;
  return { tag, el: host.firstElementChild as KycWidgetElement };
}

describe('markup attribute, then a property: the property wins', () => {
  it.each([false, true])('session-url (tag defined first: %s): the widget loads the property', async (defined) => {
    const a = scripted(['ready'], { which: 'attribute' });
    const b = scripted(['ready'], { which: 'property' });
    const { tag, el } = markup('session-url', a, defined);
    el.sessionUrl = b;
    if (!defined) defineKycWidget(tag);
    await untilState(el, 'ready');
    expect(frameOf(el)!.src).toBe(b);
    expect(el.sessionUrl).toBe(b);
  });

  it.each(ROWS.flatMap((row) => [[...row, false] as const, [...row, true] as const]))(
    '%s (%s="%s", then %o; tag defined first: %s)',
    async (property, attribute, text, value, defined) => {
      const { tag, el } = markup(attribute, text, defined);
      (el as unknown as Record<string, unknown>)[property] = value;
      if (!defined) defineKycWidget(tag);
      await settle();
      expect((el as unknown as Record<string, unknown>)[property]).toEqual(value);
      if (property === 'open') expect(el.hasAttribute('open')).toBe(false); // `open` reflects
      if (property === 'sessionToken') expect(host.innerHTML).not.toContain('tok_');
    },
  );
});

describe('an attribute written after the upgrade is later: it wins', () => {
  it('property before the upgrade, attribute after it', async () => {
    const { tag, el } = markup('locale', 'fr', false);
    el.locale = 'de';
    defineKycWidget(tag);
    el.setAttribute('locale', 'es');
    await settle();
    expect(el.locale).toBe('es');
  });

  it('the rule where the platform shows no order: property and attribute both before the upgrade, the property wins', async () => {
    const { tag, el } = markup('theme', 'dark', false);
    el.theme = 'light';
    el.setAttribute('theme', 'auto');
    defineKycWidget(tag);
    await settle();
    expect(el.theme).toBe('light');
  });
});
