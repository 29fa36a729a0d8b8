import type { PlaidWebhooks } from '../../providers/plaid/webhook-keys';
import type { WebhookResult } from '../webhooks/types';

type Verified = WebhookResult & { ok: true };

/**
 * Plaid's IDV webhooks say that a status changed, never what it is: the decision is read from Plaid with your keys
 * (`/identity_verification/get`), and recorded with the time it was read. That time orders it: a later read reflects
 * a later (or the same) status, whichever webhook prompted it, so two reads that finish out of order never put an
 * older status over a newer one. The reference is Plaid's `client_user_id`: the user id the link token was made for.
 */
export async function withPlaidStatus(result: Verified, plaid: PlaidWebhooks, nowMs: number): Promise<Verified> {
  if (result.event !== 'IDENTITY_VERIFICATION.STATUS_UPDATED' || !result.sessionId) return result;
  const status = await plaid.identityVerification(result.sessionId, AbortSignal.timeout(10_000));
  return {
    ...result,
    decision: status.decision,
    occurredAt: new Date(nowMs).toISOString(),
    ...(status.referenceId && { referenceId: status.referenceId }),
  };
}
