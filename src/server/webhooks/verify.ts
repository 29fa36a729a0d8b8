/**
 * `verifyWebhook`: one verifier for every provider's webhook (docs/webhooks.md). The signature is checked on the
 * exact bytes received, with the provider's documented scheme and a constant-time comparison; only an authentic
 * body is parsed and normalized. Any bad input is `{ok: false, reason}`; nothing here throws.
 */
import { sha256Hex, utf8 } from './crypto';
import { didit } from '../../providers/didit/webhook';
import { compact, isRecord } from './fields';
import { generic } from '../../providers/generic/webhook';
import { headerLookup } from './headers';
import { idenfy } from '../../providers/idenfy/webhook';
import { onfido } from '../../providers/onfido/webhook';
import { persona } from '../../providers/persona/webhook';
import { plaid } from '../../providers/plaid/webhook';
import { secretProblem } from './secrets';
import { stripe } from '../../providers/stripe/webhook';
import { DEFAULT_SUMSUB_ALGORITHMS, SUMSUB_ALGORITHMS, sumsub } from '../../providers/sumsub/webhook';
import type {
  SumsubAlgorithm,
  VerifyWebhookOptions,
  WebhookFailureReason,
  WebhookKeys,
  WebhookResult,
  WebhookScheme,
} from './types';
import { UNSIGNED } from './unsigned';
import { veriff } from '../../providers/veriff/webhook';

export type {
  SumsubAlgorithm,
  VerifyWebhookOptions,
  WebhookDecision,
  WebhookFailureReason,
  WebhookHeaders,
  WebhookKeyLookup,
  WebhookKeys,
  WebhookResult,
} from './types';

/** The provider ids, as in the widget's `provider` attribute. */
export type WebhookProvider =
  | 'persona'
  | 'sumsub'
  | 'veriff'
  | 'jumio'
  | 'idenfy'
  | 'didit'
  | 'yoti'
  | 'veratad'
  | 'caf'
  | 'zignsec'
  | 'onfido'
  | 'plaid'
  | 'stripe'
  | 'socure'
  | 'incode'
  | 'generic';

/** What is wrong with a webhook secret for `provider` (its scheme's own rules included), or undefined. */
export function webhookSecretProblem(provider: string, secret: string): string | undefined {
  const scheme = own(SCHEMES, provider) ? SCHEMES[provider] : undefined;
  return secretProblem(secret) ?? scheme?.checkSecret?.(secret);
}

const SCHEMES: Readonly<Record<string, WebhookScheme>> = {
  persona,
  sumsub,
  veriff,
  idenfy,
  didit,
  generic,
  onfido,
  stripe,
  plaid,
};

export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Larger bodies are refused before any work: no provider's webhook comes near it. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** At most this many secrets are tried (a rotation needs two). */
const MAX_SECRETS = 10;

export async function verifyWebhook(
  provider: WebhookProvider | (string & {}),
  options: VerifyWebhookOptions,
): Promise<WebhookResult> {
  const name = nameOf(provider);
  try {
    return await verify(name, provider, options);
  } catch {
    // A hostile argument (a throwing getter, a Proxy) or a runtime without Web Crypto: refused, never thrown.
    return fail(name, 'malformed', 'the webhook could not be read');
  }
}

async function verify(name: string, provider: unknown, options: unknown): Promise<WebhookResult> {
  if (typeof provider !== 'string') return fail(name, 'malformed', 'provider must be a provider id string');
  if (own(UNSIGNED, provider)) return fail(name, 'unsigned-provider', UNSIGNED[provider]);
  const scheme = own(SCHEMES, provider) ? SCHEMES[provider] : undefined;
  if (!scheme) return fail(name, 'unknown-provider', 'not a provider id this verifier knows');
  if (!isRecord(options)) return fail(name, 'malformed', 'options must be {rawBody, headers, secret}');

  const { rawBody, headers, secret, toleranceSeconds, now, algorithms, keys } = options as Record<string, unknown>;
  let secrets: string[] = [];
  if (scheme.keyed) {
    // Plaid signs with a key pair: its public keys come from Plaid, not from a shared secret.
    if (!isRecord(keys) || typeof keys.key !== 'function') {
      return fail(
        name,
        'malformed',
        'keys is required for this provider: plaidWebhooks({ clientId, secret, environment })',
      );
    }
  } else {
    const given = secretsOf(secret);
    if (!given) {
      return fail(name, 'malformed', 'secret must be a non-empty string, or an array of 1–10 of them (a rotation)');
    }
    // A placeholder or truncated secret is a configuration mistake: said clearly, never used to accept anything.
    const problem = given.map((one) => secretProblem(one) ?? scheme.checkSecret?.(one)).find(Boolean);
    if (problem) return fail(name, 'malformed', problem);
    secrets = given;
  }
  const accepted = algorithmsOf(algorithms);
  if (!accepted) {
    return fail(name, 'malformed', `algorithms must be a non-empty array of ${SUMSUB_ALGORITHMS.join(', ')}`);
  }
  const body = bytesOf(rawBody);
  if (typeof body === 'string') return fail(name, 'malformed', body);
  const header = headerLookup(headers);
  if (!header) return fail(name, 'malformed', 'headers must be a Headers object or a plain record');
  const tolerance = toleranceSeconds === undefined ? DEFAULT_TOLERANCE_SECONDS : toleranceSeconds;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    return fail(name, 'malformed', 'toleranceSeconds must be a number of seconds ≥ 0');
  }
  const nowMs = now === undefined ? Date.now() : now;
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) {
    return fail(name, 'malformed', 'now must be a time in milliseconds');
  }

  const verdict = await scheme.verify({
    body,
    header,
    secrets,
    nowSeconds: nowMs / 1000,
    toleranceSeconds: tolerance,
    algorithms: accepted,
    ...(scheme.keyed && { keys: keys as unknown as WebhookKeys }),
  });
  if (!verdict.ok) return fail(name, verdict.reason, verdict.message);

  // Authentic from here on, but still data: parsed and read field by field.
  const json = parseObject(body);
  if (!json) return fail(name, 'malformed', 'the signed body is not a JSON object');
  const { eventId, occurredAtMs: bodyTime, ...normalized } = scheme.normalize(json);
  // A time the signature itself carries (Plaid's iat) stands in for a body without one.
  const occurredAtMs = bodyTime ?? verdict.occurredAtMs;
  return compact({
    ok: true as const,
    provider: name,
    ...normalized,
    // An id from a signed header (generic) or the body; else the body's digest, which a replay cannot change.
    eventId: verdict.eventId ?? eventId ?? `sha256:${await sha256Hex(body)}`,
    occurredAt: occurredAtMs === undefined ? undefined : new Date(occurredAtMs).toISOString(),
    payload: json,
  });
}

function algorithmsOf(value: unknown): readonly SumsubAlgorithm[] | undefined {
  if (value === undefined) return DEFAULT_SUMSUB_ALGORITHMS;
  if (!Array.isArray(value) || value.length === 0 || value.length > SUMSUB_ALGORITHMS.length) return undefined;
  return value.every((one) => SUMSUB_ALGORITHMS.includes(one as SumsubAlgorithm))
    ? (value as SumsubAlgorithm[])
    : undefined;
}

function fail(provider: string, reason: WebhookFailureReason, message?: string): WebhookResult {
  return message === undefined ? { ok: false, provider, reason } : { ok: false, provider, reason, message };
}

/** The provider as echoed in the result: a known-looking id, else `''` (never arbitrary caller data). */
function nameOf(provider: unknown): string {
  return typeof provider === 'string' && /^[a-z0-9-]{1,40}$/.test(provider) ? provider : '';
}

function own(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

function secretsOf(secret: unknown): string[] | undefined {
  const list: unknown[] = Array.isArray(secret) ? (secret as unknown[]) : [secret];
  if (list.length === 0 || list.length > MAX_SECRETS) return undefined;
  return list.every((item): item is string => typeof item === 'string' && item.length > 0)
    ? (list as string[])
    : undefined;
}

/** The body's bytes, or a sentence saying why there are none. */
function bytesOf(rawBody: unknown): Uint8Array | string {
  let bytes: Uint8Array;
  if (typeof rawBody === 'string') bytes = utf8(rawBody);
  else if (rawBody instanceof Uint8Array) bytes = rawBody;
  else if (rawBody instanceof ArrayBuffer) bytes = new Uint8Array(rawBody);
  else if (ArrayBuffer.isView(rawBody)) bytes = new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  else if (typeof rawBody === 'object' && rawBody !== null) {
    return 'rawBody is an object: pass the raw bytes (a string or Uint8Array), not parsed JSON';
  } else return 'rawBody must be the raw bytes received: a string or a Uint8Array';
  return bytes.length <= MAX_BODY_BYTES ? bytes : `rawBody is larger than ${MAX_BODY_BYTES} bytes`;
}

function parseObject(body: Uint8Array): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * createKycBackend's `webhookSecrets`, checked once at construction: each provider's secret (or list of them, for a
 * rotation) as its scheme reads it, so that a malformed one is an error there, never a silent 400 on each delivery.
 */
export function checkedSecrets(given: unknown): Record<string, string | readonly string[]> {
  if (typeof given !== 'object' || given === null) throw new TypeError('createKycBackend: webhookSecrets is required');
  const out: Record<string, string | readonly string[]> = {};
  for (const [provider, secret] of Object.entries(given as Record<string, unknown>)) {
    if (secret === undefined) continue;
    if (provider === 'plaid')
      throw new TypeError(
        'createKycBackend: Plaid has no webhook secret: pass plaid: plaidWebhooks({ clientId, secret, environment })',
      );
    const list: unknown[] = Array.isArray(secret) ? secret : [secret];
    for (const one of list) {
      const problem = typeof one === 'string' ? webhookSecretProblem(provider, one) : 'a secret must be a string';
      if (problem) throw new TypeError(`createKycBackend: webhookSecrets.${provider}: ${problem}`);
    }
    out[provider] = secret as string | readonly string[];
  }
  return out;
}
