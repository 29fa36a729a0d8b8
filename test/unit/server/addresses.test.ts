import { describe, expect, it } from 'vitest';
import { memoryLimitStore, createLimit } from '../../../src/server/limits';
import { addressKey, clientAddress } from '../../../src/server/origins';
import { readIdempotencyKey } from '../../../src/server/session-request';

/** The keys the limit counts by, and the headers they may come from. */

describe('addressKey', () => {
  it('an IPv4 address as is, an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('an IPv6 address as its /64, however it is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::1',
      '[2001:db8:85a3:8d3::ffff]',
      '2001:db8:85a3:8d3::1%eth0',
    ])
      expect(addressKey(address), address).toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('anything else: null', () => {
    for (const junk of [
      '',
      'localhost',
      '256.1.1.1',
      '1.2.3',
      '1::2::3',
      '12345::1',
      'g::1',
      '1:2:3:4:5:6:7:8:9',
      'x'.repeat(60),
    ])
      expect(addressKey(junk), junk).toBeNull();
  });
});

describe('clientAddress', () => {
  const request = (forwarded?: string) =>
    new Request('https://app.example/', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} });

  it('the socket peer unless trustProxy says how many proxies append to X-Forwarded-For', () => {
    expect(clientAddress(request('198.51.100.1'), {}, '192.0.2.9')).toBe('192.0.2.9');
    expect(clientAddress(request('198.51.100.1, 203.0.113.5'), { trustProxy: 1 }, '192.0.2.9')).toBe('203.0.113.5');
    expect(clientAddress(request('198.51.100.1, 203.0.113.5, 10.0.0.2'), { trustProxy: 2 }, '10.0.0.3')).toBe(
      '203.0.113.5',
    );
    // Fewer entries than proxies: the request did not come through them; the peer it is.
    expect(clientAddress(request(), { trustProxy: 1 }, '192.0.2.9')).toBe('192.0.2.9');
    expect(clientAddress(request(), { trustProxy: 1 }, undefined)).toBeNull();
  });

  it('clientIp decides for runtimes without a socket; a throwing one gives no address', () => {
    expect(clientAddress(request(), { clientIp: () => '2001:db8::1' }, undefined)).toBe('2001:db8:0:0::/64');
    expect(
      clientAddress(
        request(),
        {
          clientIp: () => {
            throw new Error('x');
          },
        },
        '192.0.2.9',
      ),
    ).toBeNull();
  });
});

describe('readIdempotencyKey', () => {
  const withKey = (key: string) => new Request('https://app.example/', { headers: { 'Idempotency-Key': key } });
  it('1 to 255 characters of letters, digits and ._:-; absent is null', () => {
    expect(readIdempotencyKey(new Request('https://app.example/'))).toBeNull();
    expect(readIdempotencyKey(withKey('6f1c2a4e-1b7d-4c2e-9a51-3d0f7e8b9c10'))).toBe(
      '6f1c2a4e-1b7d-4c2e-9a51-3d0f7e8b9c10',
    );
    expect(readIdempotencyKey(withKey('x'.repeat(255)))).toBe('x'.repeat(255));
    for (const bad of ['x'.repeat(256), 'a b', 'a/b', 'a\tb', 'a,b', '*'])
      expect(readIdempotencyKey(withKey(bad)), bad).toBe('invalid');
  });
});

describe('createLimit', () => {
  it('exactly max creates per window, then the seconds until it ends; a new window after', async () => {
    let clock = 1_000_000;
    const store = memoryLimitStore(10, () => clock);
    const originalNow = Date.now;
    Date.now = () => clock;
    try {
      const limit = createLimit({ max: 3, windowMs: 60_000, store });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await limit.take('user:a'));
      expect(answers).toEqual([null, null, null, 60, 60]);
      clock += 59_001;
      expect(await limit.take('user:a')).toBe(1);
      expect(await limit.take('user:b')).toBeNull();
      clock += 1000;
      expect(await limit.take('user:a')).toBeNull();
    } finally {
      Date.now = originalNow;
    }
  });

  it('the memory store keeps at most its bound of keys', async () => {
    const store = memoryLimitStore(2);
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.hit('b', 60_000);
    await store.hit('c', 60_000);
    expect((await store.hit('a', 60_000)).count).toBe(1); // dropped (the oldest), so counted anew
  });

  it('refuses a limit below 1 and a store without hit()', () => {
    expect(() => createLimit({ max: 0 })).toThrow(TypeError);
    expect(() => createLimit({ windowMs: 0 })).toThrow(TypeError);
    expect(() => createLimit({ store: {} as never })).toThrow(TypeError);
  });
});
