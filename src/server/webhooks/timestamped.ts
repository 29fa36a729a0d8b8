import { concat, matchesAny, utf8 } from './crypto';
import { fresh, unixSeconds } from './hmac-body';
import type { SignedRequest, Verdict } from './types';

/**
 * The `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` scheme (Persona's `Persona-Signature`, and
 * the generic protocol's `Kyc-Signature`). During a secret rotation the header holds several such groups,
 * separated by spaces; a group may also carry several `v1`. The signature is checked first; only a valid one
 * is then checked for freshness, so a forged request is `bad-signature`, never `stale`.
 */
export async function verifyTimestamped(request: SignedRequest, headerName: string): Promise<Verdict> {
  const values = request.header(headerName);
  if (values.length === 0) return { ok: false, reason: 'missing-signature', message: `no ${headerName} header` };
  const groups = parseGroups(values.join(' '));
  if (groups.length === 0) {
    return { ok: false, reason: 'bad-signature', message: `${headerName} has no t=…,v1=… pair` };
  }
  let stale = false;
  for (const { t, signatures } of groups) {
    const message = concat(utf8(`${t}.`), request.body);
    for (const signature of signatures) {
      if (!(await matchesAny('SHA-256', request.secrets, message, signature))) continue;
      if (fresh(request, Number(t))) return { ok: true };
      stale = true;
    }
  }
  return stale
    ? { ok: false, reason: 'stale', message: `${headerName} is valid but its timestamp is outside the tolerance` }
    : { ok: false, reason: 'bad-signature', message: `${headerName} matches none of the secrets` };
}

interface Group {
  t: string;
  signatures: string[];
}

/** At most this many groups and signatures are tried: a header cannot make the server compute without end. */
const MAX_SIGNATURES = 8;

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
