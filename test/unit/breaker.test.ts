import { describe, expect, it } from 'vitest';
import { admit, DEFAULT_BREAKER, healthOf, settle, type BreakerRow } from '../../src/server/backend/breaker';

const S = { failures: 3, windowMs: 1000, coolDownMs: 500 };
const fail = { ok: false, ms: 10, probe: false, admitted: true };
const ok = { ok: true, ms: 10, probe: false, admitted: true };

/** Admits n attempts at `now` from `row`; the verdicts and the row after. */
function admitN(row: BreakerRow | undefined, n: number, now: number) {
  const verdicts: string[] = [];
  for (let i = 0; i < n; i++) {
    const next = admit(row, now, S);
    verdicts.push(next.verdict);
    row = next.row;
  }
  return { verdicts, row: row! };
}

describe('breaker rules', () => {
  it('defaults: 5 failures in 60 s, 30 s cool-down', () => {
    expect(DEFAULT_BREAKER).toEqual({ failures: 5, windowMs: 60_000, coolDownMs: 30_000 });
  });

  it('before any outcome, at most `failures` attempts go at once; the others wait for their outcomes', () => {
    expect(admitN(undefined, 5, 0).verdicts).toEqual(['go', 'go', 'go', 'wait', 'wait']);
  });

  it('a success frees the provider: every attempt goes while the last outcome is a success', () => {
    const { row } = admitN(undefined, 3, 0);
    const healthy = settle(row, ok, 1, S);
    expect(admitN(healthy, 50, 2).verdicts.every((v) => v === 'go')).toBe(true);
  });

  it('failures in a row open it; it skips until the cool-down, then one probe, whose failure opens it again', () => {
    let { row } = admitN(undefined, 3, 0);
    for (let i = 0; i < 3; i++) row = settle(row, fail, 10, S);
    expect(row.state).toBe('open');
    expect(admit(row, 509, S).verdict).toBe('skip');
    const probe = admit(row, 510, S);
    expect(probe.verdict).toBe('probe');
    expect(admit(probe.row, 511, S).verdict).toBe('skip');
    const reopened = settle(probe.row, { ...fail, probe: true }, 600, S);
    expect(reopened).toMatchObject({ state: 'open', openedAt: 600 });
    expect(admit(reopened, 1099, S).verdict).toBe('skip');
    const second = admit(reopened, 1100, S);
    expect(second.verdict).toBe('probe');
    expect(settle(second.row, { ...ok, probe: true }, 1200, S)).toMatchObject({
      state: 'closed',
      healthy: true,
      failures: 0,
    });
  });

  it('a probe whose outcome never comes is replaced after a cool-down', () => {
    let { row } = admitN(undefined, 3, 0);
    for (let i = 0; i < 3; i++) row = settle(row, fail, 0, S);
    const probe = admit(row, 500, S).row;
    expect(admit(probe, 999, S).verdict).toBe('skip');
    expect(admit(probe, 1000, S).verdict).toBe('probe');
  });

  it('a success resets the run of failures; the window starts the budget again', () => {
    let { row } = admitN(undefined, 2, 0);
    row = settle(settle(row, fail, 1, S), fail, 2, S);
    expect(row.failures).toBe(2);
    expect(settle(row, ok, 3, S).failures).toBe(0);
    expect(admit(row, 2, S).verdict).toBe('go');
    expect(admitN(row, 2, 2).verdicts).toEqual(['go', 'wait']);
    expect(admitN(row, 3, 1002).verdicts).toEqual(['go', 'go', 'go']);
  });

  it('a failure reported for a session handed out counts, without taking a pending attempt', () => {
    const reported = settle(undefined, { ok: false, ms: -1, probe: false, admitted: false }, 0, S);
    expect(reported).toMatchObject({ failures: 1, pending: 0, state: 'closed' });
  });

  it('health: the state as it stands now, the success rate and the median time of recent successes', () => {
    let row = settle(undefined, { ...ok, ms: 100 }, 0, S);
    row = settle(row, { ...ok, ms: 300 }, 1, S);
    row = settle(row, { ...fail, ms: 5 }, 2, S);
    expect(healthOf(row, 3, S)).toEqual({ state: 'closed', successRate: 0.667, medianMs: 200, failures: 1 });
    expect(healthOf(undefined, 0, S)).toEqual({ state: 'closed', successRate: null, medianMs: null, failures: 0 });
  });
});
