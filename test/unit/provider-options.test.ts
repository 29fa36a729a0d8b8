import { describe, expect, it } from 'vitest';
import { kebab } from '../../src/providers/persona/options';
import { resolveFrame } from '../support/frame-url';
import type { Inputs } from '../../src/element/inputs';
import { adapters, context, TOKEN } from './providers/helpers';
import { frameUrlOf } from '../support/frame-url';

/** The pass-through options of each provider (docs/providers/<id>.md, "Options"): every one, and malformed values. */

const TEMPLATE = 'itmpl_Ab12Cd34Ef56Gh78';

function urlOf(provider: keyof typeof adapters, options: Record<string, unknown>, extra = {}): URL {
  const built = frameUrlOf(adapters[provider], context({ options, ...extra }));
  if (!built.ok) throw new Error(built.message);
  return built.url;
}

function refusal(provider: keyof typeof adapters, options: Record<string, unknown>, extra = {}): string {
  const built = frameUrlOf(adapters[provider], context({ options, ...extra }));
  if (built.ok) throw new Error(`accepted: ${built.url.href}`);
  return built.message;
}

describe('persona options', () => {
  const persona = (options: Record<string, unknown>) => urlOf('persona', { templateId: TEMPLATE, ...options });
  const refused = (options: Record<string, unknown>) => refusal('persona', { templateId: TEMPLATE, ...options });

  it('fields: prefill as fields[<kebab-case name>], nested and arrays as qs writes them', () => {
    const q = persona({
      fields: {
        nameFirst: 'Jane',
        name_last: 'Doe',
        addressStreet1: '1 Main St',
        birthdate: '1990-01-31',
        age: 34,
        consent: true,
        tags: ['a', 'b'],
        empty: null,
        selfie: { id: 'doc_1', type: 'Selfie::CenterOnly' },
      },
    }).searchParams;
    expect([...q].filter(([k]) => k.startsWith('fields'))).toEqual([
      ['fields[name-first]', 'Jane'],
      ['fields[name-last]', 'Doe'],
      ['fields[address-street-1]', '1 Main St'],
      ['fields[birthdate]', '1990-01-31'],
      ['fields[age]', '34'],
      ['fields[consent]', 'true'],
      ['fields[tags][0]', 'a'],
      ['fields[tags][1]', 'b'],
      ['fields[selfie][id]', 'doc_1'],
      ['fields[selfie][type]', 'Selfie::CenterOnly'],
    ]);
  });

  it.each([
    ['nameFirst', 'name-first'],
    ['name_first', 'name-first'],
    ['addressStreet1', 'address-street-1'],
    ['XMLHttpRequest', 'xml-http-request'],
    ['selectedIdClass', 'selected-id-class'],
    ['already-kebab', 'already-kebab'],
    ['ID', 'id'],
    ['a1b2', 'a-1-b-2'],
  ])('kebab(%j) is %j, as lodash kebabCase (checked against the real SDK in the browser test)', (key, expected) => {
    expect(kebab(key)).toBe(expected);
  });

  it('themeSetId, styleVariant, language, accountId, accountTypeId, routingCountry, shareToken, serverOutageMode', () => {
    const q = persona({
      themeSetId: 'theme_ABC123',
      styleVariant: 'dark',
      language: 'ja',
      accountTypeId: 'acttp_123',
      routingCountry: 'DE',
      shareToken: 'cnst_abc',
      serverOutageMode: 'defer',
    }).searchParams;
    expect(q.get('theme-set-id')).toBe('theme_ABC123');
    expect(q.get('style-variant')).toBe('dark');
    expect(q.get('language')).toBe('ja');
    expect(q.get('account-type-id')).toBe('acttp_123');
    expect(q.get('routing-country')).toBe('DE');
    expect(q.get('share-token')).toBe('cnst_abc');
    expect(q.get('server-outage-mode')).toBe('defer');
    expect(persona({ accountId: 'act_1' }).searchParams.get('account-id')).toBe('act_1');
  });

  it("options.language and options.styleVariant win over the widget's locale and theme; the session URL's own wins over both", () => {
    const q = urlOf(
      'persona',
      { templateId: TEMPLATE, language: 'ja', styleVariant: 'base' },
      { locale: 'fr', theme: 'dark' },
    ).searchParams;
    expect(q.getAll('language')).toEqual(['ja']);
    expect(q.getAll('style-variant')).toEqual(['base']);
    const sessionUrl = new URL('https://inquiry.withpersona.com/widget?inquiry-id=inq_1&language=de');
    expect(urlOf('persona', { language: 'ja' }, { sessionUrl }).searchParams.getAll('language')).toEqual(['de']);
    expect(
      urlOf('persona', { fields: { nameFirst: 'Jane' } }, { sessionUrl }).searchParams.get('fields[name-first]'),
    ).toBe('Jane');
  });

  it('fieldMappings with a shareToken, and widgetPadding / navigationPadding', () => {
    const q = persona({
      shareToken: 'cnst_abc',
      fieldMappings: [{ sourceFieldName: 'nameFirst', destinationFieldName: 'givenName' }],
      widgetPadding: { top: 8, left: 0 },
      navigationPadding: { bottom: 16 },
    }).searchParams;
    expect(q.get('field-mappings[0][source-field-name]')).toBe('nameFirst');
    expect(q.get('field-mappings[0][destination-field-name]')).toBe('givenName');
    expect(q.get('widget-padding[top]')).toBe('8');
    expect(q.get('widget-padding[left]')).toBe('0');
    expect(q.get('navigation-padding[bottom]')).toBe('16');
  });

  it.each([
    [{ fields: 'name=Jane' }, 'options.fields must be an object'],
    [{ fields: ['Jane'] }, 'options.fields must be an object'],
    [{ fields: { 'name first': 'Jane' } }, 'options.fields has a key "name first"'],
    [{ fields: { age: Number.NaN } }, 'options.fields.age must be a finite number'],
    [{ fields: { a: { b: { c: { d: 1 } } } } }, 'options.fields.a.b.c is nested more than 3 levels deep'],
    [{ fields: { long: 'x'.repeat(2001) } }, 'options.fields.long is longer than 2000 characters'],
    [{ fields: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x'])) }, 'more than 100 values'],
    [{ themeSetId: 'theme set' }, 'options.themeSetId must be a Persona theme set id'],
    [{ themeSetId: 42 }, 'options.themeSetId must be'],
    [{ styleVariant: '' }, 'options.styleVariant must be'],
    [{ language: 'japanese!' }, 'options.language must be a BCP 47 language tag'],
    [{ accountId: 'act 1' }, 'options.accountId must be a Persona account id'],
    [{ accountId: 'act_1', referenceId: 'u1' }, 'options.accountId and options.referenceId cannot be used together'],
    [{ accountId: 'act_1', accountTypeId: 'acttp_1' }, 'options.accountId and options.accountTypeId cannot be used'],
    [{ routingCountry: 'DEU' }, 'options.routingCountry must be a two-letter country code'],
    [{ shareToken: 'abc' }, 'options.shareToken must be a consent token (cnst_…)'],
    [{ serverOutageMode: 'sometimes' }, 'options.serverOutageMode must be one of "always", "never", "defer"'],
    [{ fieldMappings: [{ sourceFieldName: 'a' }], shareToken: 'cnst_a' }, 'options.fieldMappings must be an array'],
    [{ fieldMappings: [{ sourceFieldName: 'a', destinationFieldName: 'b' }] }, 'no effect without options.shareToken'],
    [{ widgetPadding: { top: '8px' } }, 'options.widgetPadding must be an object of top, bottom, left, right'],
    [{ navigationPadding: { middle: 1 } }, 'options.navigationPadding must be an object'],
  ])('refuses %j: %s', (options, message) => {
    expect(refused(options)).toContain(message);
  });

  it("a malformed option is config-invalid through the element's resolver, and no frame URL is built", () => {
    const inputs = {
      provider: 'persona',
      sessionUrl: `https://inquiry.withpersona.com/widget?inquiry-template-id=${TEMPLATE}`,
      sessionToken: undefined,
      sessionEndpoint: '',
      allowedOrigins: '',
      options: { fields: 'x' },
      mode: 'inline',
      open: false,
      locale: '',
      theme: 'auto',
      loadTimeout: 20000,
      debug: false,
    } as unknown as Inputs;
    expect(resolveFrame(inputs, { locale: 'en', hostOrigin: 'https://shop.example' })).toEqual({
      kind: 'invalid',
      message: 'options.fields must be an object of field names to values (prefill)',
    });
  });
});

describe('veriff, idenfy: options.language', () => {
  const sessionUrl = new URL('https://alchemy.veriff.com/v/abc');
  it('veriff: lang from options.language, else the widget locale; a malformed one is refused', () => {
    expect(urlOf('veriff', { language: 'ja' }, { sessionUrl, locale: 'fr' }).searchParams.get('lang')).toBe('ja');
    expect(urlOf('veriff', {}, { sessionUrl, locale: 'fr' }).searchParams.get('lang')).toBe('fr');
    expect(refusal('veriff', { language: 'ja_JP' }, { sessionUrl })).toBe(
      'options.language must be a BCP 47 language tag such as "ja" or "pt-BR"',
    );
    expect(refusal('veriff', { language: 7 }, { sessionUrl })).toContain('options.language must be');
  });

  it('idenfy: two letters only, as its iframe docs say', () => {
    expect(urlOf('idenfy', { language: 'LT' }, { sessionToken: 'tok123' }).searchParams.get('lang')).toBe('lt');
    expect(refusal('idenfy', { language: 'pt-BR' }, { sessionToken: 'tok123' })).toBe(
      'options.language must be a two-letter language code such as "lt"',
    );
  });
});

describe('didit: the camera options of @didit-protocol/sdk-web', () => {
  it('each becomes its query parameter, set over the URL own value as the SDK does', () => {
    const sessionUrl = new URL('https://verify.didit.me/session/abc?document_camera=back');
    const q = urlOf(
      'didit',
      {
        defaultDocumentCamera: 'front',
        defaultLivenessCamera: 'back',
        showDocumentCameraSwitchButton: false,
        showLivenessCameraSwitchButton: true,
      },
      { sessionUrl },
    ).searchParams;
    expect(q.getAll('document_camera')).toEqual(['front']);
    expect(q.get('liveness_camera')).toBe('back');
    expect(q.get('document_camera_switch')).toBe('false');
    expect(q.get('liveness_camera_switch')).toBe('true');
  });

  it.each([
    [{ defaultDocumentCamera: 'rear' }, 'options.defaultDocumentCamera must be one of "front", "back"'],
    [{ defaultLivenessCamera: true }, 'options.defaultLivenessCamera must be one of "front", "back"'],
    [{ showDocumentCameraSwitchButton: 'no' }, 'options.showDocumentCameraSwitchButton must be true or false'],
    [{ showLivenessCameraSwitchButton: 0 }, 'options.showLivenessCameraSwitchButton must be true or false'],
  ])('refuses %j', (options, message) => {
    expect(refusal('didit', options, { sessionToken: 'abc' })).toBe(message);
  });
});

describe("sumsub: options.config, the WebSDK's launch config", () => {
  const ok = (config: Record<string, unknown>) => urlOf('sumsub', { config }, { sessionToken: TOKEN });
  it('accepts every known field of the right type, and keys it does not know', () => {
    expect(() =>
      ok({
        lang: 'pt-BR',
        country: 'DEU',
        theme: 'dark',
        customizationName: 'brand',
        translationName: 'legal',
        singleStep: 'IDENTITY',
        email: 'a@b.example',
        phone: '+4912345',
        i18n: { document: { subTitles: { IDENTITY: 'x' } } },
        uiConf: { customCssStr: ':root{}', customBodyClass: ['a'], scrollIntoView: false },
        documentsByCountries: {},
        documentDefinitions: {},
        autoSelectDocumentDefinitions: true,
        controlledNavigationBack: false,
        preferredCameras: { IDENTITY: 'back', SELFIE: 'front' },
        somethingNew: 1,
      }),
    ).not.toThrow();
  });

  it.each([
    ['not an object', 'options.config must be an object'],
    [{ lang: 'english please' }, 'options.config.lang must be a BCP 47 language tag'],
    [{ country: 'Germany' }, 'options.config.country must be a country code'],
    [{ theme: '' }, 'options.config.theme must be a theme name'],
    [{ customizationName: 5 }, 'options.config.customizationName must be'],
    [{ i18n: 'x' }, 'options.config.i18n must be an object'],
    [{ uiConf: { customCss: 1 } }, 'options.config.uiConf must be an object of customCss'],
    [{ autoSelectDocumentDefinitions: 'yes' }, 'options.config.autoSelectDocumentDefinitions must be true or false'],
    [{ preferredCameras: { FACE: 'front' } }, 'options.config.preferredCameras must be an object of IDENTITY'],
    [{ i18n: { big: 'x'.repeat(100_001) } }, 'options.config is larger than 100 000 characters'],
  ])('refuses %j', (config, message) => {
    expect(refusal('sumsub', { config }, { sessionToken: TOKEN })).toContain(message);
  });
});
