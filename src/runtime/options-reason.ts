import { isPlainObject } from '../frame/json';
import { MAX_OPTION_DEPTH, MAX_OPTION_VALUES, type InvalidJson } from '../element/inputs';

/**
 * The sentence for options that are not a JSON object (the `config-invalid` message). In the runtime: the boot
 * chunk's copy (inputs.ts, `jsonCopy`) only says valid or not, and keeps what the host gave; `diagnose` walks it
 * again under the same rules, with the path, to say what is wrong and where.
 */
export function reasonOf({ raw }: InvalidJson): string {
  const found = diagnose(raw);
  if (!found) return 'options could not be read as a JSON object (did the object change while the widget read it?)';
  const { problem, at, cause } = found;
  const holds = (what: string) => `options must be JSON-serializable: it holds ${what} at ${at}`;
  switch (problem) {
    case 'object-text':
      return 'options arrived as the text "[object Object]": the host set an object as an attribute, which happens when a framework renders <kyc-widget> before the tag is defined. Define it first (import \'kyc-widget/define\'), or bind options as a property (Vue: :options.prop)';
    case 'syntax':
      return `options is not valid JSON (${(cause as Error).message})`;
    case 'not-object':
      return 'options must be a JSON object';
    case 'unreadable':
      return `options could not be read (${at}: ${describeError(cause)})`;
    case 'not-plain':
      return `options must be a plain JSON object, not ${kindOf(cause as object)}`;
    case 'values':
      return `options is too large (more than ${MAX_OPTION_VALUES} values)`;
    case 'array':
      return `options is too large (an array of ${String(cause)} at ${at})`;
    case 'fields':
      return `options is too large (${String(cause)} fields at ${at})`;
    case 'depth':
      return `options is nested deeper than ${MAX_OPTION_DEPTH} levels at ${at}`;
    case 'number':
      return holds(`a non-finite number (${String(cause)})`);
    case 'bigint':
      return holds('a BigInt');
    case 'symbol':
      return holds('a symbol');
    case 'function':
      return holds('a function');
    case 'cycle':
      return holds('a cycle');
    case 'symbol-key':
      return holds('a symbol key');
    case 'kind':
      return holds(kindOf(cause as object));
    default:
      return problem;
  }
}

/** What is wrong with options the boot found invalid, where (`at`), and the value or error it is about. */
export interface OptionsProblem {
  problem: string;
  at: string;
  cause?: unknown;
}

class Found {
  constructor(readonly found: OptionsProblem) {}
}

/**
 * The first problem in the host's options (text or object), under inputs.ts's rules (`jsonCopy`), or undefined
 * when there is none now (the host changed the object since, or a getter threw only once).
 */
export function diagnose(value: unknown): OptionsProblem | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    if (text === '[object Object]') return { problem: 'object-text', at: 'options' };
    try {
      return diagnose(JSON.parse(text));
    } catch (error) {
      return { problem: 'syntax', at: 'options', cause: error };
    }
  }
  if (typeof value !== 'object' || value === null) return { problem: 'not-object', at: 'options' };
  reading = 'options';
  try {
    if (Array.isArray(value)) return { problem: 'not-object', at: 'options' };
    walk(value);
    return undefined;
  } catch (error) {
    // A getter or a Proxy trap threw (or the Proxy was revoked): the host's object, not ours.
    return error instanceof Found ? error.found : { problem: 'unreadable', at: reading, cause: error };
  }
}

/** The path being read when a getter or trap threw, for the message. */
let reading = 'options';

/** jsonCopy's walk, with the path: throws a Found naming the first value JSON cannot hold. */
function walk(root: object): void {
  let values = 0;
  const ancestors = new Set<object>();
  const fail = (problem: string, at: string, cause?: unknown): never => {
    throw new Found({ problem, at, cause });
  };
  if (!isPlainObject(root)) fail('not-plain', 'options', root);
  const visit = (value: unknown, path: string, depth: number): void => {
    reading = path;
    if (++values > MAX_OPTION_VALUES) fail('values', path);
    const type = typeof value;
    if (type === 'string' || type === 'boolean' || type === 'undefined' || value === null) return;
    if (type === 'number') return void (Number.isFinite(value) || fail('number', path, value));
    if (type !== 'object') return fail(type, path); // bigint, symbol, function
    const object = value as Record<string, unknown>;
    if (ancestors.has(object)) return fail('cycle', path);
    if (depth > MAX_OPTION_DEPTH) fail('depth', path);
    ancestors.add(object);
    if (Array.isArray(object)) {
      if (object.length > MAX_OPTION_VALUES) fail('array', path, object.length);
      for (let i = 0; i < object.length; i++) {
        reading = `${path}[${i}]`;
        visit(object[i], reading, depth + 1);
      }
    } else if (isPlainObject(object)) {
      if (Object.getOwnPropertySymbols(object).length > 0) fail('symbol-key', path);
      const keys = Object.keys(object);
      if (keys.length > MAX_OPTION_VALUES) fail('fields', path, keys.length);
      for (const key of keys) {
        reading = `${path}.${key}`;
        visit(object[key], reading, depth + 1);
      }
    } else {
      fail('kind', path, object);
    }
    ancestors.delete(object);
  };
  visit(root, 'options', 0);
}

/** "a Date", "an instance of Settings", "a Window". */
function kindOf(value: object): string {
  const name = Object.prototype.toString.call(value).slice(8, -1);
  const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  if (typeof ctor === 'string' && ctor && ctor !== 'Object' && ctor !== name) return `an instance of ${ctor}`;
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an exception';
  }
}
