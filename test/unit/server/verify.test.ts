import { describe, expect, it, vi } from 'vitest';
import { verifyWebhook, type WebhookResult } from '../../../src/server/webhooks/verify';
import { createHash } from 'node:crypto';
import {
  BODIES,
  EXPECTED_EVENT,
  EXPECTED_SESSION,
  NOW_MS,
  NOW_S,
  OLD_SECRET,
  OTHER_SECRETS,
  SECRET,
  SIGNERS,
  TIMESTAMPED,
  WRONG_SECRET,
  hmacHex,
  signedAt,
} from './signing';

const PROVIDERS = Object.keys(SIGNERS) as (keyof typeof SIGNERS)[];
const REASONS = ['missing-signature', 'bad-signature', 'stale', 'malformed', 'unsigned-provider', 'unknown-provider'];

const lowerKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
const upperKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));

describe.each(PROVIDERS)('verifyWebhook(%s)', (provider) => {
  const body = BODIES[provider];
  const sign = SIGNERS[provider];
  const headers = sign(body, SECRET, NOW_S);
  const verify = (options: Partial<Parameters<typeof verifyWebhook>[1]> = {}) =>
    verifyWebhook(provider, { rawBody: body, headers, secret: SECRET, now: NOW_MS, ...options });

  it('accepts a correctly signed body and normalizes it', async () => {
    const result = await verify();
    expect(result).toMatchObject({ ok: true, provider, sessionId: EXPECTED_SESSION[provider], referenceId: 'user-42' });
    expect(result.ok && result.decision).toBe('approved');
  });

  it('gives the event id (or the body digest), the time it occurred, and the parsed payload', async () => {
    const result = await verify();
    if (!result.ok) throw new Error(result.reason);
    const { eventId, occurredAt } = EXPECTED_EVENT[provider];
    const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
    expect(result.eventId).toBe(eventId === 'digest' ? digest : eventId);
    expect(result.occurredAt).toBe(occurredAt);
    expect(result.payload).toEqual(JSON.parse(body));
  });

  it('refuses a tampered body (one byte changed)', async () => {
    const tampered = body.replace('user-42', 'user-43');
    expect(tampered).not.toBe(body);
    expect(await verify({ rawBody: tampered })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a body with only white space added (raw bytes, not JSON equality)', async () => {
    expect(await verify({ rawBody: `${body} ` })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses the wrong secret', async () => {
    expect(await verify({ secret: WRONG_SECRET })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses the right signature with one hex digit changed, first, in the middle or last', async () => {
    const flip = (mac: string, at: number) => mac.slice(0, at) + (mac[at] === '0' ? '1' : '0') + mac.slice(at + 1);
    // Hex digests, or the base64 after Standard Webhooks' `v1,` (its last character is padding: not flipped).
    const mac = /(?<=v1,)[A-Za-z0-9+/]{43}(?==)|[0-9a-f]{40,}/;
    for (const where of ['first', 'middle', 'last'] as const) {
      const forged = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [
          k,
          v.replace(mac, (text) =>
            flip(text, where === 'first' ? 0 : where === 'last' ? text.length - 1 : text.length >> 1),
          ),
        ]),
      );
      expect(forged).not.toEqual(headers);
      expect(await verify({ headers: forged })).toMatchObject({ ok: false, reason: 'bad-signature' });
    }
  });

  it('accepts either secret during a rotation, in any order', async () => {
    const byOld = sign(body, OLD_SECRET, NOW_S);
    for (const secret of [
      [OLD_SECRET, SECRET],
      [SECRET, OLD_SECRET],
    ]) {
      expect(await verify({ secret })).toMatchObject({ ok: true });
      expect(await verify({ secret, headers: byOld })).toMatchObject({ ok: true });
    }
    expect(await verify({ secret: OTHER_SECRETS })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('finds the headers in any letter case, in a record or a Headers object', async () => {
    for (const variant of [lowerKeys(headers), upperKeys(headers), new Headers(headers)]) {
      expect(await verify({ headers: variant })).toMatchObject({ ok: true });
    }
    // node:http hands over arrays for repeated headers; a single-element array is the value.
    const arrays = Object.fromEntries(Object.entries(lowerKeys(headers)).map(([k, v]) => [k, [v]]));
    expect(await verify({ headers: arrays })).toMatchObject({ ok: true });
  });

  it('says missing-signature when the signature header is absent', async () => {
    for (const missing of [{}, { 'content-type': 'application/json' }, null, undefined, new Headers()]) {
      expect(await verify({ headers: missing as never })).toMatchObject({ ok: false, reason: 'missing-signature' });
    }
  });

  it('refuses a signature header that is not hex or not the right length', async () => {
    for (const value of ['zz', 'abc', '', ' ', 't=1', 'deadbeef', hmacHex('sha256', SECRET, body).slice(1)]) {
      const forged = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, k.match(/signature|digest/i) ? value : v]),
      );
      const result = await verify({ headers: forged });
      expect(result.ok).toBe(false);
      expect(['missing-signature', 'bad-signature']).toContain(!result.ok && result.reason);
    }
  });

  it('accepts a Uint8Array, a Buffer and an ArrayBuffer as the body', async () => {
    const encoded = new TextEncoder().encode(body);
    for (const rawBody of [encoded, Buffer.from(body, 'utf8'), encoded.slice().buffer]) {
      expect(await verify({ rawBody })).toMatchObject({ ok: true });
    }
  });

  it('refuses a parsed object and says to pass the raw bytes', async () => {
    const result = await verify({ rawBody: JSON.parse(body) as never });
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    expect(!result.ok && result.message).toMatch(/raw bytes.*not parsed JSON/);
  });

  it('accepts a signed JSON object of another shape, with no decision', async () => {
    // Didit's freshness is read from the body: the other shape still carries its timestamp.
    const other = JSON.stringify({
      something: 'else',
      nested: { n: 1 },
      ...(provider === 'didit' && { timestamp: NOW_S }),
    });
    const result = await verify({ rawBody: other, headers: sign(other, SECRET, NOW_S) });
    expect(result).toMatchObject({
      ok: true,
      provider,
      event: '',
      decision: null,
      payload: JSON.parse(other) as unknown,
    });
    expect(result).not.toHaveProperty('sessionId');
    // Didit's time is its timestamp; the other providers' times are in fields this shape lacks.
    if (provider !== 'didit') expect(result).not.toHaveProperty('occurredAt');
  });

  it('refuses a signed body that is not a JSON object (after checking the signature)', async () => {
    for (const text of ['[1,2]', '"text"', 'not json', '', '\xff']) {
      const result = await verify({ rawBody: text, headers: sign(text, SECRET, NOW_S) });
      expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    }
    // Unsigned junk is a signature failure first: nothing is parsed before the signature holds.
    expect(await verify({ rawBody: 'not json' })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses an empty or missing secret clearly', async () => {
    for (const secret of ['', [], [''], [SECRET, ''], undefined, null, 42]) {
      const result = await verify({ secret: secret as never });
      expect(result).toMatchObject({ ok: false, reason: 'malformed' });
      expect(!result.ok && result.message).toMatch(/secret/);
    }
  });

  it('refuses a placeholder, padded or truncated secret, even when the request is signed with it', async () => {
    const weak = [' ', 'undefined', 'null', 'changeme', 'whsec_undefined', 'YOUR_WEBHOOK_SECRET_KEY', 'x'.repeat(40)];
    for (const secret of [...weak, ` ${SECRET}`, `${SECRET}\n`, SECRET.slice(0, 15)]) {
      const result = await verify({ secret, headers: sign(body, secret, NOW_S) });
      expect(result).toMatchObject({ ok: false, reason: 'malformed' });
      expect(!result.ok && result.message).toMatch(/secret/);
      // Also as one secret of a rotation: a weak one next to a good one is still a mistake to report.
      expect(await verify({ secret: [SECRET, secret] })).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  if (TIMESTAMPED.has(provider)) {
    it('refuses a stale or future timestamp, and honours toleranceSeconds and now', async () => {
      const at = (t: number) => {
        const signed = signedAt(provider, t);
        return { rawBody: signed.body, headers: signed.headers };
      };
      const old = at(NOW_S - 301);
      expect(await verify(old)).toMatchObject({ ok: false, reason: 'stale' });
      expect(await verify(at(NOW_S + 301))).toMatchObject({ ok: false, reason: 'stale' });
      expect(await verify(at(NOW_S - 300))).toMatchObject({ ok: true });
      expect(await verify({ ...old, toleranceSeconds: 400 })).toMatchObject({ ok: true });
      expect(await verify({ headers: headers, toleranceSeconds: 0 })).toMatchObject({ ok: true });
      expect(await verify({ ...at(NOW_S - 1), toleranceSeconds: 0 })).toMatchObject({ ok: false, reason: 'stale' });
      expect(await verify({ ...old, now: NOW_MS - 301_000 })).toMatchObject({ ok: true });
      // The default clock is the real one: a signature from 2026-01-01 is stale by now.
      expect(await verify({ now: undefined })).toMatchObject({ ok: false, reason: 'stale' });
    });
  }
});

describe('verifyWebhook: the work a forged request costs', () => {
  /** Counts the HMACs computed (crypto.subtle.sign calls) while `run` runs. */
  async function hmacsDuring(run: () => Promise<unknown>): Promise<number> {
    const subtle = globalThis.crypto.subtle;
    const original = subtle.sign.bind(subtle);
    let count = 0;
    const spy = vi.spyOn(subtle, 'sign').mockImplementation((...args) => {
      count++;
      return original(...args);
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return count;
  }
  const secrets = Array.from(
    { length: 10 },
    (_, i) => `whsec_${Buffer.from(`secret-number-${i}-0123456789`).toString('base64')}`,
  );

  it('Persona: eight v1 under one t and ten secrets cost ten HMACs, not eighty', async () => {
    const header = Array.from({ length: 8 }, (_, i) => `t=${NOW_S},v1=${String(i).repeat(64)}`).join(' ');
    const count = await hmacsDuring(async () => {
      const result = await verifyWebhook('persona', {
        rawBody: BODIES.persona,
        headers: { 'persona-signature': header },
        secret: secrets,
        now: NOW_MS,
      });
      expect(result).toMatchObject({ ok: false, reason: 'bad-signature' });
    });
    expect(count).toBe(10);
  });

  it('Persona: eight distinct t cost at most two per secret', async () => {
    const header = Array.from({ length: 8 }, (_, i) => `t=${NOW_S - i},v1=${'a'.repeat(64)}`).join(' ');
    const count = await hmacsDuring(() =>
      verifyWebhook('persona', {
        rawBody: BODIES.persona,
        headers: { 'persona-signature': header },
        secret: secrets,
        now: NOW_MS,
      }),
    );
    expect(count).toBe(20);
  });

  it('generic: eight v1 signatures and ten secrets cost ten HMACs', async () => {
    const signature = Array.from({ length: 8 }, () => `v1,${Buffer.alloc(32, 7).toString('base64')}`).join(' ');
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(NOW_S), 'webhook-signature': signature };
    const count = await hmacsDuring(() =>
      verifyWebhook('generic', {
        rawBody: BODIES.generic,
        headers,
        secret: secrets,
        now: NOW_MS,
      }),
    );
    expect(count).toBe(10);
  });
});

describe('verifyWebhook: timestamped headers (Persona)', () => {
  const body = BODIES.persona;
  const mac = (secret: string, t: number) => hmacHex('sha256', secret, `${t}.${body}`);
  const verify = (header: string) =>
    verifyWebhook('persona', { rawBody: body, headers: { 'persona-signature': header }, secret: SECRET, now: NOW_MS });

  it('accepts the two space-separated pairs Persona sends during a rotation, either one valid', async () => {
    expect(await verify(`t=${NOW_S},v1=${mac(OLD_SECRET, NOW_S)} t=${NOW_S},v1=${mac(SECRET, NOW_S)}`)).toMatchObject({
      ok: true,
    });
    expect(await verify(`t=${NOW_S},v1=${mac(SECRET, NOW_S)} t=${NOW_S},v1=${mac(OLD_SECRET, NOW_S)}`)).toMatchObject({
      ok: true,
    });
    expect(await verify(`t=${NOW_S},v1=${mac(OLD_SECRET, NOW_S)}`)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('binds the timestamp: a valid v1 under another t is refused', async () => {
    expect(await verify(`t=${NOW_S + 1},v1=${mac(SECRET, NOW_S)}`)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('tolerates a space after the comma and ignores unknown keys', async () => {
    expect(await verify(`t=${NOW_S}, v1=${mac(SECRET, NOW_S)}`)).toMatchObject({ ok: true });
    expect(await verify(`t=${NOW_S},v0=abc,v1=${mac(SECRET, NOW_S)}`)).toMatchObject({ ok: true });
  });

  it('refuses headers without a usable pair, and a forged stale one is bad-signature, not stale', async () => {
    for (const header of ['garbage', `v1=${mac(SECRET, NOW_S)}`, `t=${NOW_S}`, `t=abc,v1=${mac(SECRET, NOW_S)}`]) {
      expect(await verify(header)).toMatchObject({ ok: false, reason: 'bad-signature' });
    }
    expect(await verify(`t=${NOW_S - 1000},v1=${'0'.repeat(64)}`)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });
});

describe('verifyWebhook: Sumsub algorithms', () => {
  const body = BODIES.sumsub;
  const verify = (headers: Record<string, string>) =>
    verifyWebhook('sumsub', { rawBody: body, headers, secret: SECRET, now: NOW_MS });

  it.each([
    ['HMAC_SHA256_HEX', 'sha256'],
    ['HMAC_SHA512_HEX', 'sha512'],
  ])('accepts %s by default', async (alg, node) => {
    const digest = hmacHex(node, SECRET, body);
    expect(await verify({ 'x-payload-digest': digest, 'x-payload-digest-alg': alg })).toMatchObject({ ok: true });
    expect(
      await verify({ 'x-payload-digest': digest.toUpperCase(), 'x-payload-digest-alg': alg.toLowerCase() }),
    ).toMatchObject({
      ok: true,
    });
    // Without the algorithm header, the digest's length names it.
    expect(await verify({ 'x-payload-digest': digest })).toMatchObject({ ok: true });
  });

  it('refuses SHA-1 unless the host lists it in algorithms; the host can also narrow the list', async () => {
    const sha1 = hmacHex('sha1', SECRET, body);
    const sha512 = hmacHex('sha512', SECRET, body);
    const withOptions = (headers: Record<string, string>, algorithms?: unknown) =>
      verifyWebhook('sumsub', { rawBody: body, headers, secret: SECRET, algorithms: algorithms as never });
    const sha1Requests: Record<string, string>[] = [
      { 'x-payload-digest': sha1, 'x-payload-digest-alg': 'HMAC_SHA1_HEX' },
      { 'x-payload-digest': sha1 },
    ];
    for (const headers of sha1Requests) {
      const refused = await withOptions(headers);
      expect(refused).toMatchObject({ ok: false, reason: 'bad-signature' });
      expect(!refused.ok && refused.message).toMatch(/HMAC_SHA1_HEX.*algorithms/);
      expect(await withOptions(headers, ['HMAC_SHA1_HEX', 'HMAC_SHA256_HEX'])).toMatchObject({ ok: true });
    }
    const sha512Headers = { 'x-payload-digest': sha512, 'x-payload-digest-alg': 'HMAC_SHA512_HEX' };
    expect(await withOptions(sha512Headers, ['HMAC_SHA256_HEX'])).toMatchObject({ ok: false, reason: 'bad-signature' });
    for (const junk of [[], ['SHA1'], 'HMAC_SHA1_HEX', [null], new Array(4).fill('HMAC_SHA256_HEX')]) {
      expect(await withOptions(sha512Headers, junk)).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a digest under another algorithm than the one named, and unknown algorithms', async () => {
    const sha1 = hmacHex('sha1', SECRET, body);
    expect(await verify({ 'x-payload-digest': sha1, 'x-payload-digest-alg': 'HMAC_SHA256_HEX' })).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    for (const alg of ['MD5', 'HMAC_MD5_HEX', 'SHA256', '']) {
      expect(
        await verify({ 'x-payload-digest': hmacHex('sha256', SECRET, body), 'x-payload-digest-alg': alg }),
      ).toMatchObject({ ok: false });
    }
  });
});

describe('verifyWebhook: Veriff and Didit headers', () => {
  it('accepts the newer vrf-hmac-signature spelling', async () => {
    const body = BODIES.veriff;
    const headers = { 'vrf-auth-client': 'api-key', 'vrf-hmac-signature': hmacHex('sha256', SECRET, body) };
    expect(await verifyWebhook('veriff', { rawBody: body, headers, secret: SECRET })).toMatchObject({ ok: true });
  });

  it('Didit: does not accept X-Signature-V2 or X-Signature-Simple alone, and never reads X-Timestamp', async () => {
    const body = BODIES.didit;
    const signature = hmacHex('sha256', SECRET, body);
    const verify = (headers: Record<string, string>) =>
      verifyWebhook('didit', { rawBody: body, headers, secret: SECRET, now: NOW_MS });
    // The body's timestamp is fresh: no X-Timestamp (or a junk one) changes nothing.
    expect(await verify({ 'x-signature': signature })).toMatchObject({ ok: true });
    expect(await verify({ 'x-signature': signature, 'x-timestamp': 'yesterday' })).toMatchObject({ ok: true });
    for (const other of ['x-signature-v2', 'x-signature-simple']) {
      expect(await verify({ [other]: signature, 'x-timestamp': String(NOW_S) })).toMatchObject({
        ok: false,
        reason: 'missing-signature',
      });
    }
  });

  it('Didit: a year-old delivery replayed with a rewritten X-Timestamp is stale (its signed body says when)', async () => {
    const yearAgo = NOW_S - 365 * 86400;
    const { body, headers } = signedAt('didit', yearAgo, SECRET, NOW_S);
    expect(headers['X-Timestamp']).toBe(String(NOW_S));
    const result = await verifyWebhook('didit', { rawBody: body, headers, secret: SECRET, now: NOW_MS });
    expect(result).toMatchObject({ ok: false, reason: 'stale' });
    // A signed body with no timestamp at all has no age to check: refused too.
    const bare = JSON.stringify({ session_id: 's-1', status: 'Approved', webhook_type: 'status.updated' });
    const signature = { 'x-signature': hmacHex('sha256', SECRET, bare), 'x-timestamp': String(NOW_S) };
    expect(
      await verifyWebhook('didit', { rawBody: bare, headers: signature, secret: SECRET, now: NOW_MS }),
    ).toMatchObject({ ok: false, reason: 'stale' });
  });

  it('refuses a signature header sent twice rather than guessing', async () => {
    const body = BODIES.idenfy;
    const signature = hmacHex('sha256', SECRET, body);
    const result = await verifyWebhook('idenfy', {
      rawBody: body,
      headers: { 'idenfy-signature': [signature, signature] },
      secret: SECRET,
    });
    expect(result).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});

describe('verifyWebhook: providers without a signature', () => {
  it.each(['jumio', 'yoti', 'veratad', 'caf', 'zignsec'])(
    '%s is unsigned-provider, with what to do instead',
    async (provider) => {
      const result = await verifyWebhook(provider, { rawBody: '{}', headers: {}, secret: SECRET });
      expect(result).toMatchObject({ ok: false, provider, reason: 'unsigned-provider' });
      expect(!result.ok && result.message).toMatch(/API/);
    },
  );

  it('an unknown id is unknown-provider; inherited property names are not providers', async () => {
    for (const provider of ['mitek', 'PERSONA', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = await verifyWebhook(provider, { rawBody: '{}', headers: {}, secret: SECRET });
      expect(result).toMatchObject({ ok: false, reason: 'unknown-provider' });
    }
  });
});

/** Values of every type, including hostile ones. */
function junk(): unknown[] {
  const hostile = new Proxy(
    {},
    {
      get: () => {
        throw new Error('get');
      },
      has: () => {
        throw new Error('has');
      },
      ownKeys: () => {
        throw new Error('ownKeys');
      },
      getPrototypeOf: () => {
        throw new Error('getPrototypeOf');
      },
      getOwnPropertyDescriptor: () => {
        throw new Error('getOwnPropertyDescriptor');
      },
    },
  );
  const throwingToString = {
    toString() {
      throw new Error('toString');
    },
  };
  return [
    undefined,
    null,
    0,
    -1,
    NaN,
    Infinity,
    1e308,
    10n,
    '',
    ' ',
    'x'.repeat(10_000),
    true,
    false,
    Symbol('junk'),
    [],
    [null],
    [1, 2],
    {},
    Object.create(null),
    () => 'fn',
    new Date(NaN),
    new Map([['persona-signature', 'x']]),
    new Set(),
    /re/,
    new Error('junk'),
    Promise.resolve('late'),
    new Uint8Array(0),
    new DataView(new ArrayBuffer(4)),
    new ArrayBuffer(0),
    new Headers(),
    hostile,
    throwingToString,
  ];
}

describe('verifyWebhook never throws', () => {
  const check = (result: WebhookResult) => {
    expect(typeof result.ok).toBe('boolean');
    expect(typeof result.provider).toBe('string');
    if (!result.ok) expect(REASONS).toContain(result.reason);
  };

  it('on junk in every argument, for every provider', async () => {
    let calls = 0;
    for (const provider of [...PROVIDERS, 'jumio']) {
      const body = BODIES[provider as keyof typeof BODIES] ?? '{}';
      const headers = (SIGNERS[provider as keyof typeof SIGNERS] ?? SIGNERS.generic)(body, SECRET, NOW_S);
      const valid = { rawBody: body, headers, secret: SECRET, now: NOW_MS, toleranceSeconds: 300 };
      for (const value of junk()) {
        for (const key of ['rawBody', 'headers', 'secret', 'now', 'toleranceSeconds'] as const) {
          const result = await verifyWebhook(provider, { ...valid, [key]: value } as never);
          check(result);
          // Junk where the bytes or the secret belong is never accepted.
          if (key === 'rawBody' || key === 'secret') expect(result.ok).toBe(false);
          calls++;
        }
        check(await verifyWebhook(value as never, valid));
        check(await verifyWebhook(provider, value as never));
        calls += 2;
      }
    }
    expect(calls).toBeGreaterThan(7 * 32 * 7 - 1);
  });

  it('refuses a body over 5 MiB before computing anything', async () => {
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    const result = await verifyWebhook('idenfy', {
      rawBody: huge,
      headers: SIGNERS.idenfy(huge, SECRET, NOW_S),
      secret: SECRET,
    });
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('echoes only a provider-id-looking provider, never arbitrary input', async () => {
    const result = await verifyWebhook('<script>alert(1)</script>', { rawBody: '{}', headers: {}, secret: SECRET });
    expect(result).toMatchObject({ ok: false, provider: '', reason: 'unknown-provider' });
    expect(await verifyWebhook(42 as never, { rawBody: '{}', headers: {}, secret: SECRET })).toMatchObject({
      ok: false,
      provider: '',
      reason: 'malformed',
    });
  });

  it('never puts the secret or the signature in a message', async () => {
    const body = BODIES.persona;
    for (const secret of [SECRET, 'whsec_wrong_secret_value']) {
      const result = await verifyWebhook('persona', {
        rawBody: body,
        headers: SIGNERS.persona(body, SECRET, NOW_S - 10_000),
        secret,
        now: NOW_MS,
      });
      expect(result.ok).toBe(false);
      const text = JSON.stringify(result);
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/[0-9a-f]{32}/);
    }
  });
});
