import { setupIframe } from 'persona';
import { afterEach, describe, expect, it } from 'vitest';
import { persona } from '../../src/providers/persona/frame';
import { attr, fixtureCleanup, frameSrc, record, SANDBOX, scriptDone, untilState, widget } from './helpers';
import { frameUrlOf } from '../support/frame-url';

/**
 * Provider options passed through to the frame (docs/providers/<id>.md, "Options"), in real Chromium: the widget's
 * Persona URL against the one persona 5.9's own `setupIframe` builds from the same options, and an option reaching
 * the sandbox's frame (the frame reports its own location when its script ends).
 */

afterEach(() => fixtureCleanup());

type SdkOptions = Parameters<typeof setupIframe>[3];

/** Every query parameter, decoded, minus those each side derives by itself (ids, versions, page origin). */
function params(src: string): Array<[string, string]> {
  const own = new Set(['client-version', 'container-id', 'iframe-origin', 'flow-type', 'language']);
  return [...new URL(src).searchParams].filter(([name]) => !own.has(name)).sort(([a], [b]) => a.localeCompare(b));
}

describe("persona options: the widget's frame URL equals persona's setupIframe's", () => {
  it('fields (prefill, kebab-cased keys, nested, arrays), theme set, style variant, account type, routing, share token, mappings, padding, outage mode', () => {
    const options = {
      templateId: 'itmpl_Ab12Cd34Ef56Gh78',
      environmentId: 'env_123',
      referenceId: 'user-42',
      fields: {
        nameFirst: 'Jane Ann',
        name_last: 'Doe',
        addressStreet1: '1 Main St & Co',
        XMLHttpRequest: 'x',
        selectedIdClass: 'dl',
        a1b2: 'y',
        age: 34,
        consent: false,
        tags: ['a', 'b'],
        selfie: { id: 'doc_1', type: 'Selfie::CenterOnly' },
        nested: { innerKey: { deepKey: 'z' } },
      },
      themeSetId: 'theme_ABC123',
      styleVariant: 'dark',
      accountTypeId: 'acttp_123',
      routingCountry: 'DE',
      shareToken: 'cnst_abc',
      fieldMappings: [{ sourceFieldName: 'nameFirst', destinationFieldName: 'given_name' }],
      widgetPadding: { top: 8, left: 0 },
      navigationPadding: { bottom: 16 },
      serverOutageMode: 'defer' as const,
    };
    // The host's options are JSON: wider than the SDK's TypeScript types (a nested field map), the same at runtime.
    const theirs = setupIframe(document.createElement('iframe'), 'c1', 'inline', options as unknown as SdkOptions).src;
    const ours = frameUrlOf(persona, {
      options,
      locale: 'en',
      theme: 'auto',
      hostOrigin: location.origin,
      mode: 'inline',
    });
    if (!ours.ok) throw new Error(ours.message);
    expect(params(ours.url.href)).toEqual(params(theirs));
    expect(params(theirs).length).toBeGreaterThan(20); // the SDK really wrote them: the comparison is not empty = empty
  });

  it('language and account id, as the SDK writes them', () => {
    const options = { templateId: 'itmpl_X1', accountId: 'act_9', language: 'ja' };
    const theirs = new URL(setupIframe(document.createElement('iframe'), 'c1', 'inline', options).src).searchParams;
    const built = frameUrlOf(persona, {
      options,
      locale: 'en',
      theme: 'auto',
      hostOrigin: location.origin,
      mode: 'inline',
    });
    if (!built.ok) throw new Error(built.message);
    expect(built.url.searchParams.get('language')).toBe(theirs.get('language'));
    expect(built.url.searchParams.get('account-id')).toBe(theirs.get('account-id'));
  });
});

describe('options reaching the sandbox frame', () => {
  it("persona's fields and theme set arrive in the frame's own URL; a malformed one is config-invalid with no frame", async () => {
    const options = JSON.stringify({ fields: { nameFirst: 'Jane' }, themeSetId: 'theme_sbx' });
    const el = await widget(
      `<kyc-widget provider="persona" allowed-origins="${SANDBOX}" options="${attr(options)}"
        session-url="${attr(`${SANDBOX}/persona/widget?script=load,ready`)}"></kyc-widget>`,
    );
    const src = await frameSrc(el);
    await scriptDone(src); // the frame posts its location.href when its script ends: it ran at that URL
    const reached = new URL(src).searchParams;
    expect(reached.get('fields[name-first]')).toBe('Jane');
    expect(reached.get('theme-set-id')).toBe('theme_sbx');

    const events = record();
    el.options = { fields: { 'name first': 'Jane' } };
    await untilState(el, 'error');
    events.stop();
    expect(el.lastError).toMatchObject({
      code: 'config-invalid',
      message: 'options.fields has a key "name first" that is not letters, digits, _ and -',
    });
    expect(el.shadowRoot!.querySelector('iframe')).toBeNull();
  });

  it("didit's camera options arrive in the frame's URL", async () => {
    const options = JSON.stringify({ defaultDocumentCamera: 'front', showLivenessCameraSwitchButton: false });
    const el = await widget(
      `<kyc-widget provider="didit" allowed-origins="${SANDBOX}" options="${attr(options)}"
        session-url="${attr(`${SANDBOX}/didit/session/opt_1?script=ready`)}"></kyc-widget>`,
    );
    const src = await frameSrc(el);
    await scriptDone(src);
    expect(new URL(src).searchParams.get('document_camera')).toBe('front');
    expect(new URL(src).searchParams.get('liveness_camera_switch')).toBe('false');
  });
});
