import { describe, expect, it } from 'vitest';
import { expectWellFormed, FRAME_PROVIDER_IDS, GOOD_IDS, HOSTILE_IDS, ID_CARRIERS, publishedIds } from './helpers';

/**
 * One rule for session ids across adapters: what the frame sends where its provider puts the session id is
 * published only when it is a short string of safe characters. The table is shared, so an adapter that reads
 * its id another way (a plain `str`, a longer limit) fails here by name.
 */
describe.each(FRAME_PROVIDER_IDS.map((id) => [id]))('%s session ids', (provider) => {
  const carry = ID_CARRIERS[provider];

  if (!carry) {
    it('has no session id in its protocol, so publishes none', () => {
      expect(ID_CARRIERS).toHaveProperty(provider, null);
    });
    return;
  }

  it.each(GOOD_IDS.map((id) => [id]))('publishes a good id (%s)', (id) => {
    const signals = carry(id);
    expectWellFormed(signals);
    const ids = publishedIds(signals);
    expect(ids.length).toBeGreaterThan(0);
    for (const published of ids) expect(published).toBe(id);
  });

  it.each(HOSTILE_IDS)('never publishes an id with %s', (_name, id) => {
    const signals = carry(id);
    expectWellFormed(signals);
    expect(publishedIds(signals)).toEqual([]);
  });
});
