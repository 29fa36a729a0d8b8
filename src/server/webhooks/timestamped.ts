import { anyMatches, concat, fromHex, utf8 } from './crypto';
import { fresh, unixSeconds } from './hmac-body';
import type { SignedRequest, Verdict } from './types';

/**
 * The `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` scheme (Persona's `Persona-Signature`, and
 * Stripe's). During a secret rotation the header holds several such groups, separated by spaces; a group may also
 * carry several `v1`. The signature is checked first; only a valid one is then checked for freshness, so a forged
 * request is `bad-signature`, never `stale`. The HMAC is computed once per distinct `t` and secret, never per `v1`:
 * a forged header full of signatures costs no more than one with a single signature.
 */
export async function verifyTimestamped(request: SignedRequest, headerName: string): Promise<Verdict> {
  const values = request.header(headerName);
  if (values.length === 0) return { ok: false, reason: 'missing-signature', message: `no ${headerName} header` };
  const groups = parseGroups(values.join(' '));
  if (groups.length === 0) {
    return { ok: false, reason: 'bad-signature', message: `${headerName} has no t=…,v1=… pair` };
  }
  let stale = false;
  for (const [t, signatures] of byTimestamp(groups)) {
    const message = concat(utf8(`${t}.`), request.body);
    if (!(await anyMatches('SHA-256', request.secrets, message, signatures))) continue;
    if (fresh(request, Number(t))) return { ok: true, signedAtSeconds: Number(t) };
    stale = true;
  }
  return stale
    ? { ok: false, reason: 'stale', message: `${headerName} is valid but its timestamp is outside the tolerance` }
    : { ok: false, reason: 'bad-signature', message: `${headerName} matches none of the secrets` };
}

interface Group {
  t: string;
  signatures: string[];
}

/** At most this many signatures are read, under at most this many distinct timestamps (a rotation needs two). */
const MAX_SIGNATURES = 8;
const MAX_TIMESTAMPS = 2;

/** The readable signatures grouped by their `t`, at most MAX_TIMESTAMPS of them. */
function byTimestamp(groups: Group[]): Map<string, Uint8Array[]> {
  const out = new Map<string, Uint8Array[]>();
  for (const { t, signatures } of groups) {
    const bytes = signatures.map((hex) => fromHex(hex)).filter((mac): mac is Uint8Array => mac?.length === 32);
    if (bytes.length === 0) continue;
    if (!out.has(t) && out.size >= MAX_TIMESTAMPS) continue;
    out.set(t, [...(out.get(t) ?? []), ...bytes]);
  }
  return out;
}

/**
 * The header's `key=value` tokens in order, split on commas and white space; each `t=` starts a new group and
 * the `v1=` after it belong to it. (Persona separates pairs with a comma and groups with a space; a stray space
 * after the comma changes nothing.) Unknown keys (a future `v2=`) are skipped.
 */
function parseGroups(header: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let count = 0;
  for (const token of header.split(/[\s,]+/)) {
    const at = token.indexOf('=');
    if (at <= 0) continue;
    const key = token.slice(0, at);
    const value = token.slice(at + 1);
    if (key === 't') {
      current = unixSeconds(value) === undefined ? undefined : { t: value, signatures: [] };
      if (current) groups.push(current);
    } else if (key === 'v1' && current && value !== '' && count < MAX_SIGNATURES) {
      current.signatures.push(value);
      count++;
    }
  }
  return groups.filter((group) => group.signatures.length > 0);
}
