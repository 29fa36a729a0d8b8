// A host's tests using kyc-widget/sandbox: every export typed, and misuse refused.
import {
  buildWebhook,
  envLines,
  SANDBOX_API_KEYS,
  SANDBOX_WEBHOOK_SECRET,
  sandboxInputs,
  startSandbox,
  trigger,
  TRIGGER_PROVIDERS,
  webhookHeaders,
  type SandboxEvent,
  type TriggerResult,
} from 'kyc-widget/sandbox';

export async function hostTest(): Promise<void> {
  const events: SandboxEvent[] = [];
  const sandbox = await startSandbox({
    port: 0,
    webhookUrl: 'http://localhost:3000/webhooks/{provider}',
    onEvent: (event) => void events.push(event),
  });
  const origin: string = sandbox.origin;
  const result: TriggerResult = await trigger({ provider: 'sumsub', decision: 'approved', to: `${origin}/x` });
  const ok: boolean = result.ok && result.status === 200;
  const { body, headers } = webhookHeaders('persona', { payload: { a: 1 }, secret: SANDBOX_WEBHOOK_SECRET });
  const built = buildWebhook('generic', { sessionId: 's', decision: 'review', secret: SANDBOX_WEBHOOK_SECRET });
  const keys: string = SANDBOX_API_KEYS.sumsub.appToken + envLines({ sandboxUrl: origin, webhookSecret: '' });
  const inputs = sandboxInputs.sumsub(origin);
  void [ok, body, headers, built, keys, inputs, TRIGGER_PROVIDERS];
  // @ts-expect-error: not a decision
  await trigger({ provider: 'sumsub', decision: 'maybe', to: origin });
  await sandbox.close();
}
