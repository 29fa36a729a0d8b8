/**
 * A webhook secret that is plainly not a secret: a configuration mistake to report, never a key to verify with.
 * An HMAC under `" "` or `"undefined"` (an unset environment variable pasted into a template string) is as easy
 * for an attacker to compute as for the provider, so accepting such a secret would accept forged webhooks.
 */

/** Shorter than this is a mistake: providers' secrets are 24 characters and more (Persona, Veriff, Didit, whsec_). */
export const MIN_SECRET_LENGTH = 16;

/** Compared after lower-casing and dropping every character that is not a letter or a digit. */
const PLACEHOLDERS = new Set([
  'undefined',
  'null',
  'changeme',
  'changethis',
  'replaceme',
  'placeholder',
  'secret',
  'webhooksecret',
  'webhooksecretkey',
  'yoursecret',
  'yoursecretkey',
  'yourwebhooksecret',
  'yourwebhooksecretkey',
  'yoursigningsecret',
  'mysecret',
  'mywebhooksecret',
  'password',
  'example',
  'examplesecret',
  'test',
  'testsecret',
  'todo',
]);

/** Words that give away a placeholder wherever they stand in the secret. */
const GIVEAWAYS = /changeme|replaceme|placeholder|undefined|yoursecret|yourwebhook|yoursigning|insertyour/;

/**
 * Why `secret` is not usable, or undefined when it looks like a real secret. The reason names the problem, never
 * the secret itself (it goes to logs).
 */
export function secretProblem(secret: string): string | undefined {
  if (secret.trim() !== secret) return 'a secret has white space at its start or end (a copy-paste mistake?)';
  if (secret.length < MIN_SECRET_LENGTH)
    return `a secret is shorter than ${MIN_SECRET_LENGTH} characters: copy the whole secret from the provider`;
  const bare = secret
    .toLowerCase()
    .replace(/^(whsec|wbhsec)_/, '')
    .replace(/[^a-z0-9]/g, '');
  if (bare.length < 8 || PLACEHOLDERS.has(bare) || GIVEAWAYS.test(bare) || /^(.)\1*$/.test(bare))
    return 'a secret is a placeholder, not the provider’s secret (is an environment variable unset?)';
  return undefined;
}
