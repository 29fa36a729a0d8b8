import { isPlainObject } from '../../frame/json';
import { Problem } from '../../frame/problem';
import { LANGUAGE } from '../options';

/**
 * `options.config`: the fields of the WebSDK's launch config (`SnsWebSdkBaseConfig` in @sumsub/websdk 2.9's types)
 * that its `idCheck.init` carries to the frame. Each known field is checked for its type, so that a malformed one is
 * `config-invalid` before any frame exists. Other keys pass as they are (Sumsub may add fields); `method`,
 * `accessToken` and `options` are the widget's and are dropped by the protocol. docs/providers/sumsub.md, "Options".
 * What each field must be, in words, is the runtime's (`sumsub.<field>`).
 */

type Check = (value: unknown) => boolean;

const text =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length > 0 && value.length <= max;
const flag: Check = (value) => typeof value === 'boolean';
const object: Check = isPlainObject;

const FIELDS: Record<string, Check> = {
  lang: (value) => value === null || (typeof value === 'string' && LANGUAGE.test(value)),
  country: (value) => typeof value === 'string' && /^[A-Za-z]{2,3}$/.test(value),
  theme: text(100),
  customizationName: text(200),
  translationName: text(200),
  singleStep: text(100),
  email: text(320),
  phone: text(40),
  i18n: object,
  uiConf: (value) =>
    isPlainObject(value) &&
    (value.customCss === undefined || typeof value.customCss === 'string') &&
    (value.customCssStr === undefined || typeof value.customCssStr === 'string') &&
    (value.scrollIntoView === undefined || typeof value.scrollIntoView === 'boolean') &&
    (value.customBodyClass === undefined ||
      typeof value.customBodyClass === 'string' ||
      (Array.isArray(value.customBodyClass) && value.customBodyClass.every((c) => typeof c === 'string'))),
  documentsByCountries: object,
  documentDefinitions: object,
  autoSelectDocumentDefinitions: flag,
  controlledNavigationBack: flag,
  preferredCameras: (value) =>
    isPlainObject(value) &&
    Object.entries(value).every(([k, v]) => (k === 'IDENTITY' || k === 'SELFIE') && typeof v === 'string'),
};

/** The limit on `options.config` as JSON, in characters. */
export const MAX_CONFIG_CHARS = 100_000;

/** Why `options.config` cannot go to Sumsub's frame, or undefined when it can (or is absent). */
export function configProblem(options: Record<string, unknown>): Problem | undefined {
  const config = options.config;
  if (config === undefined || config === null) return undefined;
  if (!isPlainObject(config)) return new Problem('must', 'options.config', 'sumsub-config');
  if (JSON.stringify(config).length > MAX_CONFIG_CHARS) return new Problem('large', 'options.config', MAX_CONFIG_CHARS);
  for (const [key, value] of Object.entries(config)) {
    const check = Object.prototype.hasOwnProperty.call(FIELDS, key) ? FIELDS[key] : undefined;
    if (check && value !== undefined && !check(value))
      return new Problem('must', `options.config.${key}`, `sumsub.${key}`);
  }
  return undefined;
}
