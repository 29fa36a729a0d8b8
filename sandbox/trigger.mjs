/**
 * One signed delivery to your webhook URL, built and signed as the provider sends it: `kyc-widget trigger` and
 * `trigger()` of kyc-widget/sandbox, for your tests and CI. Plain Node ESM, no dependencies.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
import { buildWebhook, DECISIONS } from './webhooks.mjs';

/**
 * The providers a delivery can be triggered for: those that sign with a shared secret. Plaid signs with a key pair
 * its API hands out (the running sandbox signs its Plaid webhooks itself); Jumio does not sign.
 */
export const TRIGGER_PROVIDERS = Object.freeze([
  'generic',
  'persona',
  'sumsub',
  'veriff',
  'didit',
  'idenfy',
  'onfido',
  'stripe',
]);

/** A session id of the provider's own shape, for a delivery that names none. */
export function sessionIdFor(provider) {
  const hex = (bytes) => randomBytes(bytes).toString('hex');
  if (provider === 'persona') return `inq_${hex(12)}`;
  if (provider === 'sumsub') return hex(12);
  if (provider === 'stripe') return `vs_${hex(12)}`;
  if (provider === 'generic') return `sbx_${hex(8)}`;
  return randomUUID();
}

/**
 * Sends one decision webhook. Never rejects: a refused connection or no answer in time is `status: 0` with `error`.
 * @param {{ provider: string, decision: 'approved' | 'declined' | 'review', to: string, userId?: string,
 *   sessionId?: string, secret?: string, timeoutMs?: number, now?: number }} options
 *   `userId`: the reference the provider echoes back (the one your session client sent); `sessionId`: the
 *   provider's session id (default: a new one of its shape); `secret`: default the sandbox's webhook secret.
 * @returns {Promise<{ ok: boolean, status: number, answer: string, error?: string, provider: string,
 *   decision: string, sessionId: string, to: string }>}
 */
export async function trigger({
  provider,
  decision,
  to,
  userId,
  sessionId,
  secret = SANDBOX_WEBHOOK_SECRET,
  timeoutMs = 10_000,
  now = Date.now(),
} = {}) {
  const problem = triggerProblem({ provider, decision, to });
  if (problem) throw new TypeError(`trigger: ${problem}`);
  const id = sessionId ?? sessionIdFor(provider);
  const { body, headers } = buildWebhook(provider, { sessionId: id, referenceId: userId, decision, secret, now });
  const result = { provider, decision, sessionId: id, to };
  let response;
  try {
    response = await fetch(to, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const why =
      error?.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (error?.cause?.code ?? error?.cause?.message ?? 'unreachable');
    return { ...result, ok: false, status: 0, answer: '', error: why };
  }
  const answer = (await response.text().catch(() => '')).slice(0, 2000);
  return { ...result, ok: response.ok, status: response.status, answer };
}

/** What is wrong with a trigger's provider, decision or URL, or undefined. */
export function triggerProblem({ provider, decision, to }) {
  if (!TRIGGER_PROVIDERS.includes(provider))
    return `provider must be one of ${TRIGGER_PROVIDERS.join(', ')} (got ${JSON.stringify(provider)})`;
  if (!DECISIONS.includes(decision))
    return `decision must be one of ${DECISIONS.join(', ')} (got ${JSON.stringify(decision)})`;
  if (provider === 'stripe' && decision === 'review') return 'Stripe Identity has no review decision';
  let url;
  try {
    url = new URL(to);
  } catch {
    return `the webhook URL must be absolute, such as http://localhost:3000/webhooks/sumsub (got ${JSON.stringify(to)})`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the webhook URL must be http or https';
  return undefined;
}
