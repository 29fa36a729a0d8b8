/**
 * Whether a value a frame sent carries one of the secrets (the session token, a token the frame sent alongside):
 * letters and digits only are compared, so a secret whose punctuation was changed is still found, and any 16 of a
 * secret's in a row is enough. Secrets shorter than 8 are not checked. The one rule for the runtime's protocols
 * (protocols/wire.ts `scrub`) and the stand-in's `kyc-ready` (element/stand-in.ts).
 */
export function leaker(secrets: unknown[]): (value: unknown) => boolean {
  const keys = secrets.map((s) => (typeof s === 'string' ? alnum(s) : '')).filter((s) => s.length >= 8);
  return (value) => typeof value === 'string' && keys.some((key) => leaks(alnum(value), key));
}

const WINDOW = 16;

function leaks(text: string, secret: string): boolean {
  const size = Math.min(WINDOW, secret.length);
  for (let i = 0; i + size <= secret.length; i++) {
    if (text.includes(secret.slice(i, i + size))) return true;
  }
  return false;
}

function alnum(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '');
}
