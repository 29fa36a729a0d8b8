import { isPlainObject } from '../../frame/json';
import { Problem } from '../../frame/problem';
import { languageOption, oneOf, stringOption } from '../options';

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
): Problem | undefined {
  if (value === null || value === undefined) return undefined; // qs skipNulls
  if (typeof value === 'string') {
    if (value.length > MAX_VALUE_LENGTH) return new Problem('long', where, MAX_VALUE_LENGTH);
    pairs.push([prefix, value]);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return new Problem('must', where, 'finite');
    pairs.push([prefix, String(value)]);
  } else if (typeof value === 'boolean') {
    pairs.push([prefix, String(value)]);
  } else if (Array.isArray(value) || isPlainObject(value)) {
    if (depth >= MAX_DEPTH) return new Problem('deep', where, MAX_DEPTH);
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (!Array.isArray(value) && !FIELD_KEY.test(key)) return new Problem('key', where, key.slice(0, 40));
      const name = Array.isArray(value) || !kebabKeys ? key : kebab(key);
      const problem = serialize(`${prefix}[${name}]`, item, pairs, depth + 1, kebabKeys, `${where}.${key}`);
      if (problem) return problem;
      if (pairs.length > MAX_FIELD_ENTRIES) return new Problem('many', where, MAX_FIELD_ENTRIES);
    }
  } else {
    return new Problem('must', where, 'value');
  }
  return undefined;
}

/** The query parameters of every Persona pass-through option, or which option is malformed and why. */
export function personaParams(options: Record<string, unknown>): Pairs | Problem {
  const pairs: Pairs = [];
  const single: Array<[string, string | undefined | Problem]> = [
    ['language', languageOption(options)],
    ['theme-set-id', stringOption(options, 'themeSetId', ID, 'persona-theme-set')],
    ['style-variant', stringOption(options, 'styleVariant', ID, 'persona-variant')],
    ['account-id', stringOption(options, 'accountId', ID, 'persona-account')],
    ['account-type-id', stringOption(options, 'accountTypeId', ID, 'persona-account-type')],
    ['routing-country', stringOption(options, 'routingCountry', /^[A-Za-z]{2}$/, 'country-2')],
    ['share-token', stringOption(options, 'shareToken', /^cnst_[A-Za-z0-9_-]{1,200}$/, 'persona-share-token')],
    ['server-outage-mode', oneOf(options, 'serverOutageMode', ['always', 'never', 'defer'] as const)],
  ];
  for (const [name, checked] of single) {
    if (checked instanceof Problem) return checked;
    if (checked !== undefined) pairs.push([name, checked]);
  }
  // persona's setupIframe throws on these combinations; the widget says so before any frame exists.
  for (const other of ['referenceId', 'accountTypeId'])
    if (options.accountId !== undefined && options[other] !== undefined)
      return new Problem('together', 'options.accountId', `options.${other}`);

  if (options.fields !== undefined && options.fields !== null) {
    if (!isPlainObject(options.fields)) return new Problem('must', 'options.fields', 'persona-fields');
    const problem = serialize('fields', options.fields, pairs, 0, true, 'options.fields');
    if (problem) return problem;
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
    if (!valid) return new Problem('must', 'options.fieldMappings', 'persona-mappings');
    if (options.shareToken === undefined) return new Problem('without', 'options.fieldMappings', 'options.shareToken');
    const problem = serialize('field-mappings', mappings, pairs, 0, true, 'options.fieldMappings');
    if (problem) return problem;
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
      return new Problem('must', `options.${key}`, 'padding');
    const problem = serialize(name, padding, pairs, 0, false, `options.${key}`);
    if (problem) return problem;
  }
  return pairs;
}
