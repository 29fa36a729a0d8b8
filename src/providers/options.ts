import { Problem } from '../frame/problem';

/**
 * Checks for the provider options a host passes through `options` to the provider's frame (each provider's docs
 * page, "Options"). An option left out is fine (undefined); one present with the wrong shape is a Problem naming it
 * (`at`: `options.<key>`): `must`, with what it must be as `got` (a key of the runtime's words), `language`,
 * `boolean`, or `one-of` with the values as `got`.
 */

export type Option<T> = T | undefined | Problem;

function present(options: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(options, key) && options[key] !== undefined && options[key] !== null;
}

/** A non-blank string option, trimmed. */
export function optionString(options: Record<string, unknown>, key: string, what: string): Option<string> {
  if (!present(options, key)) return undefined;
  const value = options[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : new Problem('must', `options.${key}`, what);
}

/** A BCP 47 language tag as providers take them: `ja`, `pt-BR`, `zh-Hant-TW`, `es-419`. */
export const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

/** `options.language`: the provider's language when it should differ from the widget's own (one of seven). */
export function languageOption(options: Record<string, unknown>, key = 'language'): Option<string> {
  return stringOption(options, key, LANGUAGE, 'language');
}

/** A string option matching `pattern`; `what` it must be (a key of the runtime's words) otherwise. */
export function stringOption(
  options: Record<string, unknown>,
  key: string,
  pattern: RegExp,
  what: string,
): Option<string> {
  if (!present(options, key)) return undefined;
  const value = options[key];
  return typeof value === 'string' && pattern.test(value) ? value : new Problem('must', `options.${key}`, what);
}

export function booleanOption(options: Record<string, unknown>, key: string): Option<boolean> {
  if (!present(options, key)) return undefined;
  const value = options[key];
  return typeof value === 'boolean' ? value : new Problem('must', `options.${key}`, 'boolean');
}

export function oneOf<T extends string>(
  options: Record<string, unknown>,
  key: string,
  values: readonly T[],
): Option<T> {
  if (!present(options, key)) return undefined;
  const value = options[key];
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : new Problem('one-of', `options.${key}`, values);
}
