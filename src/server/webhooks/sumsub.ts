import type { HmacHash } from './crypto';
import { at, eventOf, get, idOf, referenceOf, upper } from './fields';
import { verifyBodyHmac } from './hmac-body';
import type { Normalized, SignedRequest, Verdict, WebhookScheme } from './types';

/**
 * Sumsub (docs/providers/sumsub.md, "Webhooks (server)"): `X-Payload-Digest` = hex HMAC of the raw body, with the
 * algorithm named in `X-Payload-Digest-Alg`. No timestamp is signed.
 */
const ALGORITHMS: Record<string, HmacHash> = {
  HMAC_SHA1_HEX: 'SHA-1',
  HMAC_SHA256_HEX: 'SHA-256',
  HMAC_SHA512_HEX: 'SHA-512',
};

/** Hex length → algorithm, for a request without `X-Payload-Digest-Alg` (the length names it unambiguously). */
const BY_LENGTH: Record<number, HmacHash> = { 40: 'SHA-1', 64: 'SHA-256', 128: 'SHA-512' };

export const sumsub: WebhookScheme = {
  verify(request: SignedRequest): Promise<Verdict> {
    const named = request.header('X-Payload-Digest-Alg');
    const digest = request.header('X-Payload-Digest');
    let hash: HmacHash | undefined;
    if (named.length > 0) {
      hash = named.length === 1 ? ALGORITHMS[named[0]!.trim().toUpperCase()] : undefined;
      if (!hash) {
        return Promise.resolve({
          ok: false,
          reason: 'bad-signature',
          message: 'X-Payload-Digest-Alg is not HMAC_SHA1_HEX, HMAC_SHA256_HEX or HMAC_SHA512_HEX',
        });
      }
    } else {
      hash = digest.length === 1 ? BY_LENGTH[digest[0]!.trim().length] : undefined;
    }
    return verifyBodyHmac(request, ['X-Payload-Digest'], hash ?? 'SHA-256');
  },

  normalize(body): Normalized {
    const event = eventOf(get(body, 'type'));
    return {
      event,
      sessionId: idOf(get(body, 'applicantId')),
      referenceId: referenceOf(get(body, 'externalUserId')),
      decision: decisionOf(event, body),
    };
  },
};

function decisionOf(event: string, body: Record<string, unknown>): Normalized['decision'] {
  if (event === 'applicantOnHold') return 'review';
  if (event !== 'applicantReviewed') return null;
  const answer = upper(at(body, 'reviewResult', 'reviewAnswer'));
  if (answer === 'GREEN') return 'approved';
  if (answer !== 'RED') return null;
  // RETRY: this submission was rejected but the person is asked to resubmit; a later applicantReviewed decides.
  return upper(at(body, 'reviewResult', 'reviewRejectType')) === 'RETRY' ? null : 'declined';
}
