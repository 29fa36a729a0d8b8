import { MAX_OPTION_DEPTH, MAX_OPTION_VALUES, type InvalidJson } from './inputs';

/**
 * The sentence for options that are not a JSON object (the `config-invalid` message). In the runtime: the
 * boot chunk only records what is wrong and where (inputs.ts, InvalidJson).
 */
export function reasonOf({ problem, at, cause }: InvalidJson): string {
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
