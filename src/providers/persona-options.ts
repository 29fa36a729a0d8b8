import { isPlainObject } from '../frame/json';
import { languageOption, oneOf, stringOption, type Checked } from './options';

/**
 * The Persona options a host passes through to the frame, as persona 5.9's `setupIframe` puts them in the
 * widget URL (`node_modules/persona/dist/persona.mjs`): query parameters serialized by `qs` (brackets,
 * array indices, nulls skipped), and the keys of `fields` and `fieldMappings` kebab-cased (lodash
 * `kebabCase`). Each one is documented in docs/providers/persona.md, "Options".
 */

/** Persona ids (`theme_…`, `act_…`, `acttp_…`): letters, digits, `_` and `-`. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A field key as the widget accepts it: what lodash's kebabCase turns into Persona's field name. */
const FIELD_KEY = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_FIELD_ENTRIES = 100;
const MAX_VALUE_LENGTH = 2000;
const MAX_DEPTH = 3;

/** lodash `kebabCase` for keys of FIELD_KEY's alphabet: `nameFirst`, `name_first` → `name-first`; `street1` → `street-1`. */
export function kebab(key: string): string {
  const words =
    key.match(/[A-Z]?[a-z]+(?=[^A-Za-z0-9]|[A-Z]|$)|[A-Z]+(?=[^A-Za-z0-9]|[A-Z][a-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ??
    [];
  return words.map((word) => word.toLowerCase()).join('-');
}

/** `[name, value]` pairs as qs writes them: `fields[name-first]=Jane`, `fields[tags][0]=a`. */
type Pairs = Array<[string, string]>;

function serialize(
  prefix: string,
  value: unknown,
  pairs: Pairs,
  depth: number,
  kebabKeys: boolean,
  where: string,
): string | undefined {
  if (value === null || value === undefined) return undefined; // qs skipNulls
  if (typeof value === 'string') {
    if (value.length > MAX_VALUE_LENGTH) return `${where} is longer than ${MAX_VALUE_LENGTH} characters`;
    pairs.push([prefix, value]);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${where} must be a finite number`;
    pairs.push([prefix, String(value)]);
  } else if (typeof value === 'boolean') {
    pairs.push([prefix, String(value)]);
  } else if (Array.isArray(value) || isPlainObject(value)) {
    if (depth >= MAX_DEPTH) return `${where} is nested more than ${MAX_DEPTH} levels deep`;
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (!Array.isArray(value) && !FIELD_KEY.test(key))
        return `${where} has a key "${key.slice(0, 40)}" that is not letters, digits, _ and -`;
      const name = Array.isArray(value) || !kebabKeys ? key : kebab(key);
      const problem = serialize(`${prefix}[${name}]`, item, pairs, depth + 1, kebabKeys, `${where}.${key}`);
      if (problem) return problem;
      if (pairs.length > MAX_FIELD_ENTRIES) return `${where} has more than ${MAX_FIELD_ENTRIES} values`;
    }
  } else {
    return `${where} must be a string, number, boolean, array or object`;
  }
  return undefined;
}

/** The query parameters of every Persona pass-through option, or which option is malformed and why. */
export function personaParams(options: Record<string, unknown>): Checked<Pairs> {
  const pairs: Pairs = [];
  const single: Array<[string, Checked<string>]> = [
    ['language', languageOption(options)],
    ['theme-set-id', stringOption(options, 'themeSetId', ID, 'a Persona theme set id (letters, digits, _ and -)')],
    ['style-variant', stringOption(options, 'styleVariant', ID, 'a theme set variant such as "base" or "dark"')],
    ['account-id', stringOption(options, 'accountId', ID, 'a Persona account id (act_…)')],
    ['account-type-id', stringOption(options, 'accountTypeId', ID, 'a Persona account type id')],
    ['routing-country', stringOption(options, 'routingCountry', /^[A-Za-z]{2}$/, 'a two-letter country code')],
    ['share-token', stringOption(options, 'shareToken', /^cnst_[A-Za-z0-9_-]{1,200}$/, 'a consent token (cnst_…)')],
    ['server-outage-mode', oneOf(options, 'serverOutageMode', ['always', 'never', 'defer'] as const)],
  ];
  for (const [name, checked] of single) {
    if (!checked.ok) return checked;
    if (checked.value !== undefined) pairs.push([name, checked.value]);
  }
  // persona's setupIframe throws on these combinations; the widget says so before any frame exists.
  if (options.accountId !== undefined && options.referenceId !== undefined)
    return { ok: false, message: 'options.accountId and options.referenceId cannot be used together' };
  if (options.accountId !== undefined && options.accountTypeId !== undefined)
    return { ok: false, message: 'options.accountId and options.accountTypeId cannot be used together' };

  if (options.fields !== undefined && options.fields !== null) {
    if (!isPlainObject(options.fields))
      return { ok: false, message: 'options.fields must be an object of field names to values (prefill)' };
    const problem = serialize('fields', options.fields, pairs, 0, true, 'options.fields');
    if (problem) return { ok: false, message: problem };
  }

  const mappings = options.fieldMappings;
  if (mappings !== undefined && mappings !== null) {
    const valid =
      Array.isArray(mappings) &&
      mappings.length <= 50 &&
      mappings.every(
        (m) =>
          isPlainObject(m) &&
          typeof m.sourceFieldName === 'string' &&
          FIELD_KEY.test(m.sourceFieldName) &&
          typeof m.destinationFieldName === 'string' &&
          FIELD_KEY.test(m.destinationFieldName),
      );
    if (!valid)
      return {
        ok: false,
        message: 'options.fieldMappings must be an array of {sourceFieldName, destinationFieldName} field names',
      };
    if (options.shareToken === undefined)
      return { ok: false, message: 'options.fieldMappings has no effect without options.shareToken' };
    const problem = serialize('field-mappings', mappings, pairs, 0, true, 'options.fieldMappings');
    if (problem) return { ok: false, message: problem };
  }

  for (const [key, name] of [
    ['widgetPadding', 'widget-padding'],
    ['navigationPadding', 'navigation-padding'],
  ] as const) {
    const padding = options[key];
    if (padding === undefined || padding === null) continue;
    const sides = ['top', 'bottom', 'left', 'right'];
    if (
      !isPlainObject(padding) ||
      !Object.entries(padding).every(
        ([side, v]) => sides.includes(side) && typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1000,
      )
    )
      return { ok: false, message: `options.${key} must be an object of top, bottom, left, right in pixels (0–1000)` };
    const problem = serialize(name, padding, pairs, 0, false, `options.${key}`);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value: pairs };
}
