/**
 * The sandbox's test keys as environment lines, for a host backend's `.env` (`kyc-widget keys`, and printed by
 * `kyc-widget sandbox` at start). Names: `<PROVIDER>_<KEY>` from keys.mjs (`sumsub.appToken` → SUMSUB_APP_TOKEN),
 * `<PROVIDER>_API_URL` (a session client's `baseUrl`: the sandbox) and `<PROVIDER>_WEBHOOK_SECRET` for each provider
 * whose webhooks the sandbox signs with a shared secret.
 */
import { SANDBOX_API_KEYS } from './keys.mjs';
import { TRIGGER_PROVIDERS } from './trigger.mjs';

const snake = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/** @param {{ sandboxUrl: string, webhookSecret: string }} options */
export function envLines({ sandboxUrl, webhookSecret }) {
  const lines = [`KYC_SANDBOX_URL=${sandboxUrl}`];
  for (const [provider, keys] of Object.entries(SANDBOX_API_KEYS)) {
    const prefix = provider.toUpperCase();
    lines.push(`${prefix}_API_URL=${sandboxUrl}`);
    for (const [name, value] of Object.entries(keys)) lines.push(`${prefix}_${snake(name)}=${value}`);
    if (TRIGGER_PROVIDERS.includes(provider)) lines.push(`${prefix}_WEBHOOK_SECRET=${webhookSecret}`);
  }
  return lines.join('\n');
}
