/**
 * The element's inputs: one row per attribute ⇄ property (README "Attributes and properties"); the element's accessors and
 * `observedAttributes` come from this table.
 * Parsing never throws: a bad value becomes the default, except where the README asks for a `config-invalid`
 * error instead (unknown provider, unparsable options) — those keep the raw value for the config check.
 */
import { isPlainObject } from '../frame/json';
import { Problem } from '../frame/problem';

export interface Inputs {
  /** Provider adapter: generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf, zignsec; onfido, stripe, plaid (SDK-hosted). */
  provider: string;
  /** The session or flow URL the host's backend created with the provider. */
  sessionUrl: string | undefined;
  /** A provider access token. Secret: set it as a property; it is never written to an attribute or logged. */
  sessionToken: string | undefined;
  /** The host backend's endpoint that creates and refreshes sessions. */
  sessionEndpoint: string | undefined;
  /** The host backend's endpoint that tells the server-confirmed decision of this person's session. */
  decisionEndpoint: string | undefined;
  /** Space-separated origins added to the adapter's built-in allowlist. */
  allowedOrigins: string | undefined;
  /** Provider-specific settings, a JSON object. (Internally: the parse error when the attribute was not valid JSON, reported as config-invalid.) */
  options: Record<string, unknown> | InvalidJson;
  /** inline fills the element; modal shows the flow in a native modal dialog. */
  mode: 'inline' | 'modal';
  /** Modal mode: shown while present; removed when the person closes the dialog. */
  open: boolean;
  /** Language of the widget's text (BCP 47); passed on to the provider. */
  locale: string | undefined;
  /** Colour scheme. */
  theme: 'light' | 'dark' | 'auto';
  /** Milliseconds the frame has to load and say it is ready. */
  loadTimeout: number;
  /** The final decision from the host's backend, shown on the result screen. */
  decision: 'approved' | 'declined' | 'review' | undefined;
  /** Logs each normalized event to the console, tokens redacted. */
  debug: boolean;
}

/**
 * Options that are not a JSON object: what is wrong, and where (`problem`; the runtime says it in words,
 * runtime/options-reason.ts).
 */
export class InvalidJson {
  constructor(readonly problem: Problem) {}
}

type Kind = 'string' | 'boolean' | 'number' | 'json' | readonly string[];

export interface InputSpec<K extends keyof Inputs = keyof Inputs> {
  attribute: string;
  property: K;
  kind: Kind;
  default: Inputs[K];
  /** Read by the flow: a change is a pass over the inputs (which restarts or reconfigures the session if it is keyed). */
  config?: boolean;
  /** Part of the frame's configuration (`configKey`): a change restarts the frame. */
  keyed?: boolean;
  /** Never reflected, never logged. */
  secret?: boolean;
}

export const DEFAULT_LOAD_TIMEOUT = 20000;

/**
 * A row of the table: `config` inputs are read by the flow (a change restarts or reconfigures the session), `secret`
 * ones are config too, and never reflected or logged; `checked` ones are read by the same pass over the inputs (their
 * rules apply, and the flow learns of them) but are not the frame's configuration: a change never restarts it. The
 * attribute is the property in kebab case (sessionUrl ⇄ session-url).
 */
function row<K extends keyof Inputs>(
  property: K,
  kind: Kind,
  fallback: Inputs[K],
  flag?: 'config' | 'secret' | 'checked',
) {
  const attribute = property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const secret = flag === 'secret';
  return {
    property,
    attribute,
    kind,
    default: fallback,
    config: flag !== undefined,
    secret,
    keyed: flag !== 'checked',
  };
}

export const INPUTS = [
  row('provider', 'string', 'generic', 'config'),
  row('sessionUrl', 'string', undefined, 'config'),
  row('sessionToken', 'string', undefined, 'secret'),
  row('sessionEndpoint', 'string', undefined, 'config'),
  row('decisionEndpoint', 'string', undefined, 'checked'),
  row('allowedOrigins', 'string', undefined, 'config'),
  row('options', 'json', {}, 'config'),
  row('mode', ['inline', 'modal'], 'inline', 'config'),
  row('open', 'boolean', false),
  row('locale', 'string', undefined),
  row('theme', ['light', 'dark', 'auto'], 'auto'),
  row('loadTimeout', 'number', DEFAULT_LOAD_TIMEOUT),
  row('decision', ['approved', 'declined', 'review'], undefined),
  row('debug', 'boolean', false),
] satisfies readonly InputSpec[];

export const BY_ATTRIBUTE: ReadonlyMap<string, InputSpec> = new Map(
  INPUTS.map((row) => [row.attribute, row as InputSpec]),
);
export const BY_PROPERTY: ReadonlyMap<string, InputSpec> = new Map(
  INPUTS.map((row) => [row.property, row as InputSpec]),
);

/**
 * The inputs whose change means a new session or a new frame configuration, as one comparable string. The token is
 * left out: a new token for the same configuration is handed to the running frame where the protocol allows it.
 */
export function configKey(inputs: Inputs): string {
  return JSON.stringify(
    INPUTS.filter((row) => row.config && row.keyed && !row.secret).map((row) => inputs[row.property]),
  );
}

export function defaults(): Inputs {
  return Object.fromEntries(INPUTS.map((row) => [row.property, coerce(row, undefined)])) as unknown as Inputs;
}

/** Attribute text → property value. `null` (attribute removed) gives the default. */
export function fromAttribute(row: InputSpec, text: string | null): unknown {
  // HTML boolean attributes: present means true, whatever the value (even "" or "false").
  return row.kind === 'boolean' ? text !== null : coerce(row, text);
}

/** Any property value → a valid value of the input's type (bad input becomes the default). */
export function coerce(row: InputSpec, value: unknown): unknown {
  // A fresh object for options: the element's copy is its own.
  if (value === null || value === undefined) return row.kind === 'json' ? {} : row.default;
  switch (row.kind) {
    case 'boolean':
      return Boolean(value);
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      return Number.isFinite(n) && n > 0 ? n : row.default;
    }
    case 'json':
      return parseJsonObject(value);
    case 'string': {
      const text = scalarText(value);
      return text === undefined || text === '' ? row.default : text;
    }
    default: {
      const text = scalarText(value)?.toLowerCase();
      return text !== undefined && (row.kind as readonly string[]).includes(text) ? text : row.default;
    }
  }
}

/** Strings as they are (trimmed), numbers as text; objects, functions and symbols are not text. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * JSON text (trimmed; a JSON string holding JSON text is read again) or an object → a copy, or InvalidJson with the
 * first problem: `json-syntax` (the parser's error as `got`), `json-object-text` ("[object Object]": an object set as
 * an attribute), `json-not-object`, or one of jsonCopy's.
 */
function parseJsonObject(value: unknown): Record<string, unknown> | InvalidJson {
  if (typeof value !== 'string') return jsonCopy(value);
  const text = value.trim();
  if (!text) return {};
  if (text === '[object Object]') return new InvalidJson(new Problem('json-object-text', 'options'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return new InvalidJson(new Problem('json-syntax', 'options', error));
  }
  return parseJsonObject(parsed);
}

/** Beyond this many values, or this depth, options are not settings. */
export const MAX_OPTION_VALUES = 10_000;
export const MAX_OPTION_DEPTH = 64;

/**
 * A JSON copy of the host's options (a plain object), or InvalidJson naming the first value JSON cannot hold and
 * where (`at`: `options.a[2].b`): `json-<typeof>` for a BigInt, a symbol or a function, `json-number` (non-finite),
 * `json-cycle`, `json-symbol-key`, `json-kind` (a class instance: Date, Map, window…; the object as `got`),
 * `json-not-plain` (the root itself), `json-values` / `json-array` / `json-fields` (too many), `json-depth`,
 * `json-unreadable` (a getter or a Proxy trap threw; the error as `got`). The copy is what the widget keeps: later
 * changes to the host's object, or getters, never reach it.
 */
function jsonCopy(root: unknown): Record<string, unknown> | InvalidJson {
  let values = 0;
  let at = 'options';
  const ancestors = new Set<object>();
  const fail = (code: string, got?: unknown): never => {
    throw new Problem(`json-${code}`, at, got);
  };
  const copy = (value: unknown, depth: number): unknown => {
    const type = typeof value;
    if (++values > MAX_OPTION_VALUES) fail('values');
    if (type === 'string' || type === 'boolean' || type === 'undefined' || value === null) return value;
    if (type === 'number') return Number.isFinite(value) ? value : fail('number', value);
    if (type !== 'object') return fail(type); // bigint, symbol, function
    const object = value as Record<string, unknown>;
    if (ancestors.has(object)) fail('cycle');
    if (depth > MAX_OPTION_DEPTH) fail('depth');
    ancestors.add(object);
    const path = at;
    let result: unknown;
    if (Array.isArray(object)) {
      if (object.length > MAX_OPTION_VALUES) fail('array', object.length);
      // As JSON: an item holding undefined becomes null.
      result = Array.from({ length: object.length }, (_, i) => {
        at = `${path}[${i}]`;
        return copy(object[i], depth + 1) ?? null;
      });
    } else {
      if (!isPlainObject(object)) fail(depth ? 'kind' : 'not-plain', object);
      if (Object.getOwnPropertySymbols(object).length) fail('symbol-key');
      const keys = Object.keys(object);
      if (keys.length > MAX_OPTION_VALUES) fail('fields', keys.length);
      const fields = keys.map((key) => {
        at = `${path}.${key}`;
        return [key, copy(object[key], depth + 1)];
      });
      // As JSON: a field holding undefined is left out. fromEntries defines fields: "__proto__" stays a plain one.
      result = Object.fromEntries(fields.filter((field) => field[1] !== undefined));
    }
    at = path;
    ancestors.delete(object);
    return result;
  };
  try {
    // Array.isArray throws on a revoked Proxy: inside the try.
    if (typeof root !== 'object' || root === null || Array.isArray(root)) fail('not-object');
    return copy(root, 0) as Record<string, unknown>;
  } catch (error) {
    // Ours, or a getter or a Proxy trap that threw (or a revoked Proxy): the host's object.
    return new InvalidJson(error instanceof Problem ? error : new Problem('json-unreadable', at, error));
  }
}

/**
 * Properties set before the tag was defined are own properties shadowing the accessors: re-apply them. Returns
 * the attributes present now whose property was among them: the upgrade reports those attributes next, and the
 * property, written after the markup made them, must win (see KycWidgetElement's constructor).
 */
export function reapplyEarlyProperties(element: Element): Map<string, string> {
  const el = element as unknown as Record<string, unknown>;
  const shadowed = new Map<string, string>();
  for (const { property, attribute } of INPUTS) {
    if (!Object.hasOwn(el, property)) continue;
    const value = el[property];
    delete el[property];
    el[property] = value;
    const text = element.getAttribute(attribute);
    if (text !== null) shadowed.set(attribute, text);
  }
  return shadowed;
}

/**
 * A framework that rendered `<kyc-widget>` before the tag was defined may have set `sessionToken` as a plain
 * attribute, lower-cased (`sessiontoken`: React 19, Svelte 5). On upgrade such values are taken as their input
 * and the attribute is removed: a token must not stay in the DOM.
 */
export function recoverLowercasedAttributes(
  element: Element,
  set: (property: keyof Inputs, value: string) => void,
): void {
  for (const { property, attribute } of INPUTS) {
    const lowered = property.toLowerCase();
    if (lowered === attribute || !element.hasAttribute(lowered)) continue;
    const value = element.getAttribute(lowered)!;
    element.removeAttribute(lowered);
    set(property, value);
  }
}
