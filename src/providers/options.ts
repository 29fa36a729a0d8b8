/**
 * Checks for the provider options a host passes through `options` to the provider's frame (each provider's
 * docs page, "Options"). An option left out is fine; one present with the wrong shape is refused with a
 * sentence naming it and saying why (the widget's `config-invalid`). First chunk: no dependencies.
 */

export type Checked<T> = { ok: true; value?: T } | { ok: false; message: string };

function present(options: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(options, key) && options[key] !== undefined && options[key] !== null;
}

/** A BCP 47 language tag as providers take them: `ja`, `pt-BR`, `zh-Hant-TW`, `es-419`. */
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

/** `options.language`: the provider's language when it should differ from the widget's own (one of seven). */
export function languageOption(options: Record<string, unknown>, key = 'language'): Checked<string> {
  if (!present(options, key)) return { ok: true };
  const value = options[key];
  return typeof value === 'string' && LANGUAGE.test(value)
    ? { ok: true, value }
    : { ok: false, message: `options.${key} must be a BCP 47 language tag such as "ja" or "pt-BR"` };
}

export function stringOption(
  options: Record<string, unknown>,
  key: string,
  pattern: RegExp,
  what: string,
): Checked<string> {
  if (!present(options, key)) return { ok: true };
  const value = options[key];
  return typeof value === 'string' && pattern.test(value)
    ? { ok: true, value }
    : { ok: false, message: `options.${key} must be ${what}` };
}

export function booleanOption(options: Record<string, unknown>, key: string): Checked<boolean> {
  if (!present(options, key)) return { ok: true };
  const value = options[key];
  return typeof value === 'boolean'
    ? { ok: true, value }
    : { ok: false, message: `options.${key} must be true or false` };
}

export function oneOf<T extends string>(
  options: Record<string, unknown>,
  key: string,
  values: readonly T[],
): Checked<T> {
  if (!present(options, key)) return { ok: true };
  const value = options[key];
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? { ok: true, value: value as T }
    : { ok: false, message: `options.${key} must be one of ${values.map((v) => `"${v}"`).join(', ')}` };
}
