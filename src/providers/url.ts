/**
 * Helpers for building frame URLs from the host's inputs (first chunk, with every provider's frame.ts).
 * The host's `options` and token are input, not frame data, but they are still checked.
 */

export { randomId, setMissing, tokenOf } from './facts';

/** An option the host may leave out; present but of the wrong kind is an error the host must see. */
export function optionString(options: Record<string, unknown>, key: string): { value?: string; bad?: true } {
  if (!Object.prototype.hasOwnProperty.call(options, key) || options[key] === undefined || options[key] === null)
    return {};
  const value = options[key];
  return typeof value === 'string' && value.trim() !== '' ? { value: value.trim() } : { bad: true };
}

/** A required session URL, or the sentence saying what the provider needs instead. */
export function requireUrl(
  sessionUrl: URL | undefined,
  what: string,
): { ok: true; url: URL } | { ok: false; message: string } {
  return sessionUrl ? { ok: true, url: new URL(sessionUrl.href) } : { ok: false, message: what };
}
