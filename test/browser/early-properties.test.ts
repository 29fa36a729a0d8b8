import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { demoInputs, frameOf, frameSrc, SANDBOX, scripted, settle, untilState } from './helpers';

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
afterEach(() => {
  host.replaceChildren();
  vi.restoreAllMocks();
});

/** A generic sandbox page that says ready and echoes each `init` (locale, theme) back as a progress step. */
const ECHO = scripted(['ready'], { echo: '1' });

/** The progress steps `el` reports, as they come. */
function progressSteps(el: KycWidgetElement): string[] {
  const steps: string[] = [];
  el.addEventListener('kyc-progress', (e) => steps.push(String((e as CustomEvent<{ step: string }>).detail.step)));
  return steps;
}

interface Row {
  property: keyof KycWidgetElement & string;
  attribute: string;
  /** The markup's attribute text, then the property's value: the property must win. */
  text: string;
  value: unknown;
  /** The other inputs the effect needs, set as properties after the row's (so they are early too). */
  setup?: (el: KycWidgetElement) => void;
  /** What the element does with the property's value (and would not with the attribute's): the accessor took it. */
  effect: (el: KycWidgetElement) => Promise<void>;
}

const ROWS: Row[] = [
  {
    property: 'provider',
    attribute: 'provider',
    text: 'persona', // Persona's rule refuses a generic sandbox URL: config-invalid
    value: 'generic',
    setup: (el) => (el.sessionUrl = scripted(['ready'])),
    effect: async (el) => {
      await untilState(el, 'ready');
      expect(frameOf(el)!.src).toBe(el.sessionUrl);
    },
  },
  {
    property: 'sessionToken',
    attribute: 'session-token',
    text: 'tok_attribute_123456',
    value: 'tok_property_123456',
    // Yoti's URL launch puts the token in the frame URL.
    setup: (el) => {
      const { sessionUrl, allowedOrigins } = demoInputs('yoti', { script: 'wait:50' });
      Object.assign(el, { provider: 'yoti', sessionUrl, allowedOrigins });
    },
    effect: async (el) => {
      expect(new URL(await frameSrc(el)).searchParams.get('sessionToken')).toBe('tok_property_123456');
      expect(host.innerHTML).not.toContain('tok_');
    },
  },
  {
    property: 'sessionEndpoint',
    attribute: 'session-endpoint',
    text: '/__kyc/session?plan=http500', // would fail: session-fetch-failed
    value: `/__kyc/session?${new URLSearchParams({ plan: 'ok', url: scripted(['ready'], { which: 'endpoint' }) })}`,
    effect: async (el) => {
      await untilState(el, 'ready');
      expect(frameOf(el)!.src).toBe(scripted(['ready'], { which: 'endpoint' }));
    },
  },
  {
    property: 'allowedOrigins',
    attribute: 'allowed-origins',
    text: 'https://attribute.example', // Persona's rule refuses the sandbox's origin without it: config-invalid
    value: SANDBOX,
    setup: (el) =>
      Object.assign(el, { provider: 'persona', sessionUrl: demoInputs('persona', { script: 'ready' }).sessionUrl }),
    effect: (el) => untilState(el, 'ready'),
  },
  {
    property: 'options',
    attribute: 'options',
    text: '{"fields":{"nameFirst":"Attribute"}}',
    value: { fields: { nameFirst: 'Property' } },
    // Persona passes its prefill fields on in the frame URL.
    setup: (el) => Object.assign(el, demoInputs('persona', { script: 'ready' })),
    effect: async (el) => {
      expect(new URL(await frameSrc(el)).searchParams.get('fields[name-first]')).toBe('Property');
    },
  },
  {
    property: 'mode',
    attribute: 'mode',
    text: 'modal', // a closed modal would wait, idle
    value: 'inline',
    setup: (el) => (el.sessionUrl = scripted(['ready'])),
    effect: async (el) => {
      await untilState(el, 'ready');
      expect(el.shadowRoot!.querySelector('dialog')).toBeNull();
    },
  },
  {
    property: 'open',
    attribute: 'open',
    text: '',
    value: false,
    effect: async (el) => expect(el.hasAttribute('open')).toBe(false), // `open` reflects
  },
  {
    property: 'locale',
    attribute: 'locale',
    text: 'fr',
    value: 'de',
    setup: (el) => (el.sessionUrl = ECHO),
    effect: async (el) => {
      const steps = progressSteps(el);
      await expect.poll(() => steps[0]).toMatch(/^init:de:/);
    },
  },
  {
    property: 'theme',
    attribute: 'theme',
    text: 'dark',
    value: 'light',
    setup: (el) => (el.sessionUrl = ECHO),
    effect: async (el) => {
      const steps = progressSteps(el);
      await expect.poll(() => steps[0]).toMatch(/^init:[^:]+:light$/);
    },
  },
  {
    property: 'loadTimeout',
    attribute: 'load-timeout',
    text: '600000', // ten minutes: nothing would happen during the test
    value: 300,
    setup: (el) => (el.sessionUrl = `${SANDBOX}/silent`),
    effect: async (el) => {
      await untilState(el, 'error');
      expect(el.lastError?.code).toBe('frame-load-timeout');
    },
  },
  {
    property: 'decision',
    attribute: 'decision',
    text: 'approved',
    value: 'declined',
    setup: (el) => (el.sessionUrl = scripted(['ready', 'complete:pending'])),
    effect: async (el) => {
      await untilState(el, 'complete');
      await expect
        .poll(() => el.shadowRoot!.querySelector('[part~="result"]')?.getAttribute('data-outcome'))
        .toBe('declined');
    },
  },
  {
    property: 'debug',
    attribute: 'debug',
    text: '',
    value: false,
    setup: (el) => (el.sessionUrl = scripted(['ready'])),
    // Nothing logged while the flow got ready; the control: debug on, and the next event is logged.
    effect: async (el) => {
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const logged = () => info.mock.calls.filter((args) => String(args[0]).startsWith('[kyc-widget]')).length;
      await untilState(el, 'ready');
      await settle();
      expect(logged()).toBe(0);
      el.debug = true;
      el.cancel();
      expect(logged()).toBeGreaterThan(0);
    },
  },
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
    expect(Object.hasOwn(el, 'sessionUrl')).toBe(false);
  });

  it.each(
    ROWS.flatMap((row) => [
      [row.property, row.attribute, row.text, row.value, false, row] as const,
      [row.property, row.attribute, row.text, row.value, true, row] as const,
    ]),
  )(
    '%s (%s="%s", then %o; tag defined first: %s): the accessor takes it, and the widget acts on it',
    async (property, attribute, text, value, defined, row) => {
      const { tag, el } = markup(attribute, text, defined);
      (el as unknown as Record<string, unknown>)[property] = value;
      row.setup?.(el);
      if (!defined) defineKycWidget(tag);
      // A leftover own property would shadow the accessor, and read back the same value.
      expect(Object.hasOwn(el, property)).toBe(false);
      expect((el as unknown as Record<string, unknown>)[property]).toEqual(value);
      await row.effect(el);
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
