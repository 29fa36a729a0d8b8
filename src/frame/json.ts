/** A plain object as JSON makes them (`{}` or `Object.create(null)`): no array, no class instance, no proxy of one. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Reads an option as an object (the `options` attribute is host input, not frame input, but still checked). */
export function optionObject(options: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  if (!Object.prototype.hasOwnProperty.call(options, key)) return undefined;
  const value = options[key];
  return isPlainObject(value) ? value : undefined;
}
