/**
 * `kyc-widget/sandbox`: the development sandbox from code, for your tests and scripts. Never needed in production.
 *
 *   import { startSandbox, trigger, webhookHeaders, SANDBOX_API_KEYS } from 'kyc-widget/sandbox';
 *   const sandbox = await startSandbox({ port: 0, webhookUrl: 'http://localhost:3000/webhooks/{provider}' });
 *   await trigger({ provider: 'sumsub', decision: 'approved', to: 'http://localhost:3000/webhooks/sumsub' });
 */
export { startSandbox } from './server.mjs';
export { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
export { buildWebhook, webhookHeaders, DECISIONS } from './webhooks.mjs';
export { trigger, TRIGGER_PROVIDERS } from './trigger.mjs';
export { envLines } from './env.mjs';
export { PROVIDER_DEMOS as sandboxInputs } from './catalog.mjs';
