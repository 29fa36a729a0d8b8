/**
 * The element's inputs: one row per attribute ⇄ property (README "Attributes and properties"); the element's accessors and
 * `observedAttributes` come from this table.
 * Parsing never throws: a bad value becomes the default, except where the README asks for a `config-invalid`
 * error instead (unknown provider, unparsable options) — those keep the raw value for the config check.
 */

export interface Inputs {
  /** Frame protocol adapter: generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf or zignsec. */
  provider: string;
  /** The session or flow URL the host's backend created with the provider. */
  sessionUrl: string | undefined;
  /** A provider access token. Secret: set it as a property; it is never written to an attribute or logged. */
  sessionToken: string | undefined;
  /** The host backend's endpoint that creates and refreshes sessions. */
  sessionEndpoint: string | undefined;
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
 * Options that are not a JSON object: what is wrong (`problem`), where (`at`), and the value or error it is
 * about. The sentence is the runtime's (`reasonOf`, element/options-reason.ts): the boot chunk holds no messages.
 */
export class InvalidJson {
  constructor(
    readonly problem: string,
    readonly at = 'options',
    readonly cause?: unknown,
  ) {}
}

type Kind = 'string' | 'boolean' | 'number' | 'json' | readonly string[];

export interface InputSpec<K extends keyof Inputs = keyof Inputs> {
  attribute: string;
  property: K;
  kind: Kind;
  default: Inputs[K];
  /** Read by the flow: a change restarts or reconfigures the session. */
  config?: boolean;
  /** Never reflected, never logged. */
  secret?: boolean;
}

export const DEFAULT_LOAD_TIMEOUT = 20000;

/** A row of the table; the attribute is the property in kebab case (sessionUrl ⇄ session-url). */
function spec<K extends keyof Inputs>(row: Omit<InputSpec<K>, 'attribute'>): InputSpec<K> {
  return { ...row, attribute: row.property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) };
}

export const INPUTS = [
  spec({ property: 'provider', kind: 'string', default: 'generic', config: true }),
  spec({ property: 'sessionUrl', kind: 'string', default: undefined, config: true }),
  spec({ property: 'sessionToken', kind: 'string', default: undefined, config: true, secret: true }),
  spec({ property: 'sessionEndpoint', kind: 'string', default: undefined, config: true }),
  spec({ property: 'allowedOrigins', kind: 'string', default: undefined, config: true }),
  spec({ property: 'options', kind: 'json', default: {}, config: true }),
  spec({ property: 'mode', kind: ['inline', 'modal'], default: 'inline', config: true }),
  spec({ property: 'open', kind: 'boolean', default: false }),
  spec({ property: 'locale', kind: 'string', default: undefined }),
  spec({ property: 'theme', kind: ['light', 'dark', 'auto'], default: 'auto' }),
  spec({ property: 'loadTimeout', kind: 'number', default: DEFAULT_LOAD_TIMEOUT }),
  spec({ property: 'decision', kind: ['approved', 'declined', 'review'], default: undefined }),
  spec({ property: 'debug', kind: 'boolean', default: false }),
] as const satisfies readonly InputSpec[];

export const BY_ATTRIBUTE: ReadonlyMap<string, InputSpec> = new Map(
  INPUTS.map((row) => [row.attribute, row as InputSpec]),
);
export const BY_PROPERTY: ReadonlyMap<string, InputSpec> = new Map(
  INPUTS.map((row) => [row.property, row as InputSpec]),
);

/**
 * The inputs whose change means a new session or a new frame configuration, as one comparable string.
 * The token is left out: a new token for the same configuration is handed to the running frame where the
 * protocol allows it.
 */
export function configKey(inputs: Inputs): string {
  return JSON.stringify(INPUTS.filter((row) => row.config && !row.secret).map((row) => inputs[row.property]));
}

export function defaults(): Inputs {
  const inputs = {} as Record<string, unknown>;
  for (const row of INPUTS) inputs[row.property] = row.kind === 'json' ? { ...(row.default as object) } : row.default;
  return inputs as unknown as Inputs;
}

/** Attribute text → property value. `null` (attribute removed) gives the default. */
export function fromAttribute(row: InputSpec, text: string | null): unknown {
  if (text === null) return row.kind === 'json' ? {} : row.default;
  // HTML boolean attributes: present means true, whatever the value (even "" or "false").
  if (row.kind === 'boolean') return true;
  return coerce(row, text);
}

/** Any property value → a valid value of the input's type (bad input becomes the default). */
export function coerce(row: InputSpec, value: unknown): unknown {
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

function parseJsonObject(value: unknown): Record<string, unknown> | InvalidJson {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return {};
    if (text === '[object Object]') return new InvalidJson('object-text');
    try {
      return parseJsonObject(JSON.parse(text));
    } catch (error) {
      return new InvalidJson('syntax', 'options', error);
    }
  }
  if (typeof value !== 'object' || value === null) return new InvalidJson('not-object');
  reading = 'options';
  try {
    return Array.isArray(value) ? new InvalidJson('not-object') : copyOptions(value);
  } catch (error) {
    // A getter or a Proxy trap threw (or the Proxy was revoked): the host's object, not ours.
    return error instanceof InvalidJson ? error : new InvalidJson('unreadable', reading, error);
  }
}

/** Beyond this many values, or this depth, options are not settings. */
export const MAX_OPTION_VALUES = 10_000;
export const MAX_OPTION_DEPTH = 64;

/** The path being read when a getter or trap threw, for the message. */
let reading = 'options';

/**
 * A JSON copy of the host's options, or an InvalidJson (thrown) naming the first value JSON cannot hold and
 * where it is: a cycle, a BigInt, a symbol, a function, a class instance (Date, Map, window…), a non-finite
 * number. The copy is what the widget keeps: later changes to the host's object, or getters, never reach it.
 */
function copyOptions(root: object): Record<string, unknown> {
  let values = 0;
  const ancestors = new Set<object>();
  const fail = (problem: string, at: string, cause?: unknown): never => {
    throw new InvalidJson(problem, at, cause);
  };
  if (!isPlainJsonObject(root)) fail('not-plain', 'options', root);
  const copy = (value: unknown, path: string, depth: number): unknown => {
    reading = path;
    if (++values > MAX_OPTION_VALUES) fail('values', path);
    const type = typeof value;
    if (type === 'string' || type === 'boolean' || value === null) return value;
    if (type === 'number') return Number.isFinite(value) ? value : fail('number', path, value);
    if (type === 'undefined') return undefined;
    if (type !== 'object') return fail(type, path); // bigint, symbol, function
    const object = value as object;
    if (ancestors.has(object)) return fail('cycle', path);
    if (depth > MAX_OPTION_DEPTH) fail('depth', path);
    ancestors.add(object);
    let result: unknown;
    if (Array.isArray(object)) {
      if (object.length > MAX_OPTION_VALUES) fail('array', path, object.length);
      result = Array.from({ length: object.length }, (_, i) => {
        const at = `${path}[${i}]`;
        reading = at;
        // As JSON: an item holding undefined becomes null.
        return copy(object[i] as unknown, at, depth + 1) ?? null;
      });
    } else if (isPlainJsonObject(object)) {
      const out: Record<string, unknown> = {};
      if (Object.getOwnPropertySymbols(object).length > 0) fail('symbol-key', path);
      const keys = Object.keys(object);
      if (keys.length > MAX_OPTION_VALUES) fail('fields', path, keys.length);
      for (const key of keys) {
        const at = `${path}.${key}`;
        reading = at;
        const item = copy((object as Record<string, unknown>)[key], at, depth + 1);
        // As JSON: a field holding undefined is left out. defineProperty: "__proto__" stays a plain field.
        if (item !== undefined)
          Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      result = out;
    } else {
      fail('kind', path, object);
    }
    ancestors.delete(object);
    return result;
  };
  return copy(root, 'options', 0) as Record<string, unknown>;
}

function isPlainJsonObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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
    if (!Object.prototype.hasOwnProperty.call(el, property)) continue;
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
