import { sha256Hex, subtle, timingSafeEqual, utf8 } from '../../server/webhooks/crypto';
import { eventOf, get, idOf, isRecord } from '../../server/webhooks/fields';
import { single } from '../../server/webhooks/headers';
import { fresh } from '../../server/webhooks/hmac-body';
import type { Normalized, SignedRequest, Verdict, WebhookScheme } from '../../server/webhooks/types';

/**
 * Plaid (docs/providers/plaid.md, "Webhooks (server)"; https://plaid.com/docs/api/webhooks/webhook-verification/):
 * `Plaid-Verification` is a JWT. Its header's `alg` must be `ES256` (anything else is refused) and its `kid` names
 * the key, fetched with `/webhook_verification_key/get` (the `keys` option); a key whose `expired_at` is set is
 * refused, as Plaid's own example does (support.plaid.com "Webhook verification example"). The signature is ECDSA
 * P-256 with SHA-256 over `<header>.<payload>` (RFC 7518 §3.4: r‖s, which is Web Crypto's format). The claims:
 * `iat` no more than 5 minutes old (`toleranceSeconds`, default 300), and `request_body_sha256`, the hex SHA-256 of
 * the raw body, compared in constant time. Plaid's IDV webhooks carry no event id and no time, and two status
 * changes of one verification have the same body: the event id is the body's digest with the signed `iat`.
 */
export const plaid: WebhookScheme = {
  keyed: true,
  verify: verifyPlaid,

  normalize(body): Normalized {
    const type = eventOf(get(body, 'webhook_type'));
    const code = eventOf(get(body, 'webhook_code'));
    return {
      event: type && code ? `${type}.${code}` : '',
      sessionId: idOf(get(body, 'identity_verification_id')),
      // The webhook says only that something changed: the status is read with /identity_verification/get
      // (plaidWebhooks(…).identityVerification, which createKycBackend calls for STATUS_UPDATED).
      decision: null,
    };
  },
};

const HEADER = 'Plaid-Verification';
const MAX_TOKEN = 4096;
const KID = /^[A-Za-z0-9_.:-]{1,128}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

function refuse(message: string): Verdict {
  return { ok: false, reason: 'bad-signature', message };
}

async function verifyPlaid(request: SignedRequest): Promise<Verdict> {
  const values = request.header(HEADER);
  if (values.length === 0) return { ok: false, reason: 'missing-signature', message: `no ${HEADER} header` };
  const token = single(values);
  if (!token || token.length > MAX_TOKEN) return refuse(`${HEADER} was sent more than once, or is too long`);
  const parts = token.split('.');
  if (parts.length !== 3) return refuse(`${HEADER} is not a JWT`);
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart);
  if (!header) return refuse(`${HEADER}'s header is unreadable`);
  if (get(header, 'alg') !== 'ES256') return refuse(`${HEADER}'s alg is not ES256`);
  const kid = get(header, 'kid');
  if (typeof kid !== 'string' || !KID.test(kid)) return refuse(`${HEADER} names no usable kid`);
  const signature = fromBase64Url(signaturePart);
  if (!signature || signature.length !== 64) return refuse(`${HEADER}'s signature is not an ES256 signature`);
  if (!request.keys) return { ok: false, reason: 'malformed', message: 'keys is required for plaid' };

  const found = await request.keys.key(kid);
  if (!found.found) {
    return found.unavailable
      ? { ok: false, reason: 'unavailable', message: found.message }
      : refuse(`no Plaid verification key has this kid (${found.message})`);
  }
  if (found.expired) return refuse('the key this JWT names has expired (Plaid set its expired_at)');
  const key = await importKey(found.jwk);
  if (!key)
    return { ok: false, reason: 'unavailable', message: 'the verification key Plaid answered is not a P-256 key' };
  const signed = utf8(`${headerPart}.${payloadPart}`);
  const valid = await subtle().verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    signature as BufferSource,
    signed as BufferSource,
  );
  if (!valid) return refuse(`${HEADER}'s signature does not verify with the key it names`);

  // Signed from here on: the claims are Plaid's.
  const claims = jsonPart(payloadPart);
  const iat = get(claims, 'iat');
  const claimed = get(claims, 'request_body_sha256');
  if (typeof iat !== 'number' || !Number.isSafeInteger(iat) || typeof claimed !== 'string' || !HEX_SHA256.test(claimed))
    return refuse(`${HEADER}'s claims lack iat or request_body_sha256`);
  if (!fresh(request, iat)) return { ok: false, reason: 'stale', message: `${HEADER}'s iat is outside the tolerance` };
  const digest = await sha256Hex(request.body);
  if (!timingSafeEqual(utf8(digest), utf8(claimed)))
    return refuse('the body is not the one the JWT signed (request_body_sha256 differs)');
  return { ok: true, eventId: `sha256:${digest}:${iat}`, signedAtSeconds: iat, occurredAtMs: iat * 1000 };
}

async function importKey(jwk: JsonWebKey): Promise<CryptoKey | undefined> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') return;
  try {
    return await subtle().importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
  } catch {
    return undefined;
  }
}

function jsonPart(part: string): Record<string, unknown> | undefined {
  const bytes = fromBase64Url(part);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Unpadded base64url (RFC 7515 §2) → bytes; anything else → undefined. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
