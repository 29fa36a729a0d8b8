import { isPlainObject } from '../frame/json';
import { languageOption } from './options';

/**
 * `options.config`: the fields of the WebSDK's launch config (`SnsWebSdkBaseConfig` in @sumsub/websdk 2.9's
 * types) that its `idCheck.init` carries to the frame. Each known field is checked for its type here, in the first
 * chunk, so that a malformed one is `config-invalid` before any frame exists. Other keys pass as before (Sumsub may
 * add fields); `method`, `accessToken` and `options` are the widget's and are dropped by the protocol.
 * docs/providers/sumsub.md, "Options".
 */

type Check = (value: unknown) => boolean;

const text =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length > 0 && value.length <= max;
const flag: Check = (value) => typeof value === 'boolean';
const object: Check = (value) => isPlainObject(value);

const FIELDS: Record<string, [Check, string]> = {
  lang: [(value) => languageOption({ lang: value }, 'lang').ok, 'a BCP 47 language tag such as "ja" or "pt-BR"'],
  country: [(value) => typeof value === 'string' && /^[A-Za-z]{2,3}$/.test(value), 'a country code such as "DEU"'],
  theme: [text(100), 'a theme name such as "light" or "dark"'],
  customizationName: [text(200), 'the name of a customization set in the Sumsub dashboard'],
  translationName: [text(200), 'the name of a translation set in the Sumsub dashboard'],
  singleStep: [text(100), 'a step name'],
  email: [text(320), 'an email address (deprecated by Sumsub: put it in the access token)'],
  phone: [text(40), 'a phone number (deprecated by Sumsub: put it in the access token)'],
  i18n: [object, 'an object of translation keys'],
  uiConf: [
    (value) =>
      isPlainObject(value) &&
      (value.customCss === undefined || typeof value.customCss === 'string') &&
      (value.customCssStr === undefined || typeof value.customCssStr === 'string') &&
      (value.scrollIntoView === undefined || typeof value.scrollIntoView === 'boolean') &&
      (value.customBodyClass === undefined ||
        typeof value.customBodyClass === 'string' ||
        (Array.isArray(value.customBodyClass) && value.customBodyClass.every((c) => typeof c === 'string'))),
    'an object of customCss, customCssStr (strings), customBodyClass (string or strings), scrollIntoView (boolean)',
  ],
  documentsByCountries: [object, 'an object of countries to document types'],
  documentDefinitions: [object, 'an object of document definitions'],
  autoSelectDocumentDefinitions: [flag, 'true or false'],
  controlledNavigationBack: [flag, 'true or false'],
  preferredCameras: [
    (value) =>
      isPlainObject(value) &&
      Object.entries(value).every(([k, v]) => (k === 'IDENTITY' || k === 'SELFIE') && typeof v === 'string'),
    'an object of IDENTITY and SELFIE camera labels',
  ],
};

/** Why `options.config` cannot go to Sumsub's frame, or undefined when it can (or is absent). */
export function configProblem(options: Record<string, unknown>): string | undefined {
  const config = options.config;
  if (config === undefined || config === null) return undefined;
  if (!isPlainObject(config)) return 'options.config must be an object (the WebSDK launch config)';
  if (JSON.stringify(config).length > 100_000) return 'options.config is larger than 100 000 characters';
  for (const [key, value] of Object.entries(config)) {
    const field = Object.prototype.hasOwnProperty.call(FIELDS, key) ? FIELDS[key] : undefined;
    if (field && value !== undefined && !field[0](value)) return `options.config.${key} must be ${field[1]}`;
  }
  return undefined;
}
