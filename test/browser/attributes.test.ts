import { expect as chai } from '@open-wc/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { attr, fixture, fixtureCleanup, frameOf, html, scripted, settle, untilState, widget } from './helpers';

afterEach(() => fixtureCleanup());

describe('attributes and properties', () => {
  it('reads boolean attributes by presence, as HTML does', async () => {
    const el = await widget(`<kyc-widget debug open mode="modal"></kyc-widget>`);
    expect(el.debug).toBe(true);
    expect(el.open).toBe(true);
    el.setAttribute('debug', 'false'); // present is true, whatever the value
    expect(el.debug).toBe(true);
    el.removeAttribute('debug');
    expect(el.debug).toBe(false);
  });

  it('resets a property to its default when its attribute is removed', async () => {
    const el = await widget(
      `<kyc-widget provider="persona" mode="modal" theme="dark" load-timeout="5000" locale="fr" decision="approved"></kyc-widget>`,
    );
    expect([el.provider, el.mode, el.theme, el.loadTimeout, el.locale, el.decision]).toEqual([
      'persona',
      'modal',
      'dark',
      5000,
      'fr',
      'approved',
    ]);
    for (const name of ['provider', 'mode', 'theme', 'load-timeout', 'locale', 'decision']) el.removeAttribute(name);
    expect([el.provider, el.mode, el.theme, el.loadTimeout, el.locale, el.decision]).toEqual([
      'generic',
      'inline',
      'auto',
      20000,
      undefined,
      undefined,
    ]);
  });

  it('turns bad enum and number input into the default instead of throwing', async () => {
    const el = await widget(
      `<kyc-widget mode="sideways" theme="neon" load-timeout="soon" decision="maybe"></kyc-widget>`,
    );
    expect([el.mode, el.theme, el.loadTimeout, el.decision]).toEqual(['inline', 'auto', 20000, undefined]);
    el.loadTimeout = -5;
    expect(el.loadTimeout).toBe(20000);
  });

  it('parses options from JSON and accepts an object property', async () => {
    const el = await widget(`<kyc-widget options='{"templateId":"itmpl_1"}'></kyc-widget>`);
    expect(el.options).toEqual({ templateId: 'itmpl_1' });
    el.options = { environmentId: 'env_1' };
    expect(el.options).toEqual({ environmentId: 'env_1' });
    expect(el.hasAttribute('options')).toBe(true); // properties do not write attributes back
    expect(el.getAttribute('options')).toBe('{"templateId":"itmpl_1"}');
  });

  it('never writes sessionToken to an attribute, and scrubs one given as an attribute', async () => {
    const el = await widget(`<kyc-widget session-token="tok_from_markup_123"></kyc-widget>`);
    expect(el.sessionToken).toBe('tok_from_markup_123');
    expect(el.hasAttribute('session-token')).toBe(false);
    el.sessionToken = 'tok_from_property_456';
    expect(el.sessionToken).toBe('tok_from_property_456');
    expect(el.outerHTML).not.toContain('tok_');
    expect(el.shadowRoot!.innerHTML).not.toContain('tok_');
  });

  it('a Lit host (html`` with .property bindings): the object and the token arrive as properties, none in the DOM', async () => {
    const url = scripted(['ready']);
    const el = await fixture<KycWidgetElement>(
      html`<kyc-widget
        session-url=${url}
        .options=${{ note: 'object option' }}
        .sessionToken=${'tok_lit_binding_123'}
      ></kyc-widget>`,
    );
    await untilState(el, 'ready');
    expect(el.options).toEqual({ note: 'object option' });
    expect(el.sessionToken).toBe('tok_lit_binding_123');
    // The element as the page sees it: the markup's one attribute, nothing written back, no children.
    chai(el).dom.to.equal(`<kyc-widget session-url="${url}"></kyc-widget>`);
    chai(el).lightDom.to.equal('');
  });

  it('keeps properties set before the tag was defined', async () => {
    const tag = `kyc-late-${Math.random().toString(36).slice(2)}`;
    const early = document.createElement(tag) as KycWidgetElement;
    Object.assign(early, {
      sessionToken: 'tok_early_789',
      theme: 'dark',
      sessionUrl: scripted(['ready']),
      locale: 'de',
    });
    document.body.append(early);
    defineKycWidget(tag);
    try {
      expect(early.theme).toBe('dark');
      expect(early.sessionToken).toBe('tok_early_789');
      expect(early.hasAttribute('session-token')).toBe(false);
      await expect.poll(() => early.state).toBe('ready');
      await expect.poll(() => frameOf(early)?.title).toBe('Identitätsprüfung');
    } finally {
      early.remove();
    }
  });

  it('defines twice, under the same or another name, without throwing', () => {
    expect(() => defineKycWidget()).not.toThrow();
    expect(defineKycWidget()).toBe(customElements.get('kyc-widget'));
    const other = `kyc-other-${Math.random().toString(36).slice(2)}`;
    expect(() => defineKycWidget(other)).not.toThrow();
    expect(customElements.get(other)).toBeTruthy();
  });

  it('takes the language from the nearest [lang] when no locale is set, and is right-to-left in Arabic', async () => {
    const holder = document.createElement('div');
    holder.lang = 'ar';
    document.body.append(holder);
    try {
      holder.innerHTML = `<kyc-widget session-url="${attr(scripted(['wait:300', 'ready']))}"></kyc-widget>`;
      const el = holder.firstElementChild as KycWidgetElement;
      await expect.poll(() => frameOf(el)?.title).toBe('التحقق من الهوية');
      const root = el.shadowRoot!.querySelector('[part~="container"]')!;
      expect(root.getAttribute('dir')).toBe('rtl');
      expect(root.getAttribute('lang')).toBe('ar');
    } finally {
      holder.remove();
    }
  });

  it('applies a changed session-url as a new attempt', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
    await expect.poll(() => el.state).toBe('ready');
    const first = frameOf(el);
    el.setAttribute('session-url', scripted(['ready', 'start']));
    await expect.poll(() => el.state).toBe('in-progress');
    expect(frameOf(el)).not.toBe(first);
    expect(frameOf(el)!.src).toContain('start');
  });

  it('batches several input changes into one attempt', async () => {
    const el = await widget(`<kyc-widget></kyc-widget>`);
    let loads = 0;
    el.addEventListener('kyc-statechange', (e) => e.detail.state === 'loading' && loads++);
    el.provider = 'generic';
    el.sessionUrl = scripted(['ready']);
    el.allowedOrigins = 'https://extra.example';
    el.options = { a: 1 };
    await expect.poll(() => el.state).toBe('ready');
    await settle();
    expect(loads).toBe(1);
  });
});
