import { afterEach, describe, expect, it } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { frameOf, scripted, settle, untilState } from './helpers';

/**
 * A host that renders <kyc-widget> before the tag is defined (a lazy `import('kyc-widget/define')`): what
 * React 19 and Svelte 5 do to an element that has no such property yet (a lower-cased attribute), and
 * what Vue does with an object bound without `.prop` (the text "[object Object]").
 */

let n = 0;
const host = document.createElement('div');
document.body.append(host);
afterEach(() => host.replaceChildren());

function late(): { tag: string; el: KycWidgetElement } {
  const tag = `kyc-late-${n++}`;
  const el = document.createElement(tag) as KycWidgetElement;
  host.append(el);
  return { tag, el };
}

describe('late definition', () => {
  it('recovers sessiontoken / sessionurl written as attributes before the upgrade, and scrubs the token from the DOM', async () => {
    const url = scripted(['ready']);
    const { tag, el } = late();
    // React 19 and Svelte 5, on an element that is not defined yet, set these as attributes, lower-cased.
    el.setAttribute('sessiontoken', 'tok_late_secret_123');
    el.setAttribute('sessionurl', url);
    el.setAttribute('allowedorigins', 'https://extra.example');
    defineKycWidget(tag);
    await settle();
    expect(el.hasAttribute('sessiontoken')).toBe(false);
    expect(host.innerHTML).not.toContain('tok_late_secret_123');
    expect(el.sessionToken).toBe('tok_late_secret_123');
    expect(el.allowedOrigins).toBe('https://extra.example');
    await untilState(el, 'ready');
    expect(frameOf(el)!.src).toBe(url);
  });

  it('keeps properties set before the upgrade, objects included', async () => {
    const { tag, el } = late();
    el.options = { note: 'object option' };
    el.sessionToken = 'tok_prop_secret';
    el.sessionUrl = scripted(['ready']);
    defineKycWidget(tag);
    await untilState(el, 'ready');
    expect(el.options).toEqual({ note: 'object option' });
    expect(el.sessionToken).toBe('tok_prop_secret');
    expect(host.innerHTML).not.toContain('tok_prop_secret');
  });

  it('says what happened when an object arrived as the text "[object Object]" (Vue without .prop)', async () => {
    const { tag, el } = late();
    el.setAttribute('session-url', scripted(['ready']));
    el.setAttribute('options', '[object Object]');
    defineKycWidget(tag);
    await untilState(el, 'error');
    expect(el.lastError?.code).toBe('config-invalid');
    expect(el.lastError?.message).toMatch(/\[object Object\].*before the tag is defined.*kyc-widget\/define/);
    expect(frameOf(el)).toBeNull();
  });
});
