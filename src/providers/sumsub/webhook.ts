import type { HmacHash } from '../../server/webhooks/crypto';
import { at, eventOf, get, idOf, referenceOf, upper, utcSpaceTimeOf } from '../../server/webhooks/fields';
import { verifyBodyHmac } from '../../server/webhooks/hmac-body';
import type { Normalized, SignedRequest, SumsubAlgorithm, Verdict, WebhookScheme } from '../../server/webhooks/types';

/**
 * Sumsub (docs/providers/sumsub.md, "Webhooks (server)"): `X-Payload-Digest` = hex HMAC of the raw body, with the
 * algorithm named in `X-Payload-Digest-Alg`, if the host accepts it (`algorithms`: SHA-256 and SHA-512 unless the
 * host adds SHA-1, so the sender cannot pick the weakest). No timestamp is signed: replays are stopped by the
 * de-duplication key (`correlationId`, "a unique identifier of the event") and ordering by `createdAtMs`.
 */
const ALGORITHMS: Record<SumsubAlgorithm, HmacHash> = {
  HMAC_SHA1_HEX: 'SHA-1',
  HMAC_SHA256_HEX: 'SHA-256',
  HMAC_SHA512_HEX: 'SHA-512',
};

export const SUMSUB_ALGORITHMS = Object.keys(ALGORITHMS) as SumsubAlgorithm[];
export const DEFAULT_SUMSUB_ALGORITHMS: readonly SumsubAlgorithm[] = ['HMAC_SHA256_HEX', 'HMAC_SHA512_HEX'];

/** Hex length → algorithm, for a request without `X-Payload-Digest-Alg` (the length names it unambiguously). */
const BY_LENGTH: Record<number, SumsubAlgorithm> = {
  40: 'HMAC_SHA1_HEX',
  64: 'HMAC_SHA256_HEX',
  128: 'HMAC_SHA512_HEX',
};

export const sumsub: WebhookScheme = {
  verify(request: SignedRequest): Promise<Verdict> {
    const named = request.header('X-Payload-Digest-Alg');
    const digest = request.header('X-Payload-Digest');
    let algorithm: string | undefined;
    if (named.length > 0) {
      algorithm = named.length === 1 ? named[0]!.trim().toUpperCase() : undefined;
      if (!algorithm || !Object.hasOwn(ALGORITHMS, algorithm)) {
        return refuse('X-Payload-Digest-Alg is not HMAC_SHA1_HEX, HMAC_SHA256_HEX or HMAC_SHA512_HEX');
      }
    } else {
      algorithm = digest.length === 1 ? BY_LENGTH[digest[0]!.trim().length] : undefined;
    }
    if (algorithm && !request.algorithms.includes(algorithm as SumsubAlgorithm)) {
      return refuse(`${algorithm} is not among the accepted algorithms (the algorithms option)`);
    }
    return verifyBodyHmac(
      request,
      ['X-Payload-Digest'],
      ALGORITHMS[(algorithm ?? 'HMAC_SHA256_HEX') as SumsubAlgorithm],
    );
  },

  normalize(body): Normalized {
    const event = eventOf(get(body, 'type'));
    const correlationId = idOf(get(body, 'correlationId'));
    return {
      event,
      // Qualified by the type: one request can cause several webhooks, and the docs do not say whether they share it.
      eventId: correlationId && event ? `${event}:${correlationId}` : undefined,
      occurredAtMs: utcSpaceTimeOf(get(body, 'createdAtMs')),
      sessionId: idOf(get(body, 'applicantId')),
      referenceId: referenceOf(get(body, 'externalUserId')),
      decision: decisionOf(event, body),
    };
  },
};

function refuse(message: string): Promise<Verdict> {
  return Promise.resolve({ ok: false, reason: 'bad-signature', message });
}

function decisionOf(event: string, body: Record<string, unknown>): Normalized['decision'] {
  if (event === 'applicantOnHold') return 'review';
  if (event !== 'applicantReviewed') return null;
  const answer = upper(at(body, 'reviewResult', 'reviewAnswer'));
  if (answer === 'GREEN') return 'approved';
  if (answer !== 'RED') return null;
  // RETRY: this submission was rejected but the person is asked to resubmit; a later applicantReviewed decides.
  return upper(at(body, 'reviewResult', 'reviewRejectType')) === 'RETRY' ? null : 'declined';
}
