/**
 * The circuit breaker of `createKycBackend`'s routing (docs/server.md, "Routing and failover"): one row per provider,
 * kept in the store so that every instance reads and writes the same, changed only through `admit` and `settle` (pure
 * functions of the row and the time; the store runs each atomically, memoryStore in one step, postgresStore under
 * a row lock).
 *
 * - closed: a provider whose last outcome was a success takes every request. Before any outcome and after a failure,
 *   each attempt counts against the budget until its outcome is in (`pending`), and an attempt beyond it waits for
 *   those outcomes: at most `failures` attempts reach a failing provider in a window, however many instances send
 *   them at once.
 * - `failures` failures in a row within `windowMs` open it: every instance skips it.
 * - after `coolDownMs`, one probe (half-open), for all instances together; its success closes the breaker, its failure
 *   opens it again for another cool-down. A probe whose outcome never comes (its instance died) is replaced after
 *   another cool-down.
 */

/**
 * Where the breaker's rows are kept when not in the backend's store (`redisBreakerStore`, or your own): `breaker` runs
 * `change` on the provider's row atomically (no other change of that row between its read and its write, in any
 * instance) and answers the row written; `breakers` reads every row.
 */
export interface BreakerStore {
  breaker(provider: string, change: (row: BreakerRow | undefined) => BreakerRow): Promise<BreakerRow>;
  breakers(): Promise<Record<string, BreakerRow>>;
}

export interface BreakerOptions {
  /** Failures in a row that open the breaker (default 5). */
  failures?: number;
  /** How long failures count: the budget starts again after it (default 60 000 ms). */
  windowMs?: number;
  /** How long an open breaker skips the provider before one probe (default 30 000 ms). */
  coolDownMs?: number;
  /** Where the rows are kept (default: the backend's `store`), e.g. `redisBreakerStore({ command })`. */
  store?: BreakerStore;
}

export type BreakerSettings = Required<Omit<BreakerOptions, 'store'>>;

export const DEFAULT_BREAKER: BreakerSettings = Object.freeze({ failures: 5, windowMs: 60_000, coolDownMs: 30_000 });

/** The most recent outcomes kept per provider, for `health()`. */
export const RECENT_OUTCOMES = 50;

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerRow {
  state: BreakerState;
  /** When the current window of failures started (ms). */
  windowStart: number;
  /** Failures in a row within the window. */
  failures: number;
  /** Attempts let through after a failure whose outcome is not in yet. */
  pending: number;
  /** The last outcome was a success. */
  healthy: boolean;
  openedAt: number;
  /** While half-open: until when the probe under way holds. */
  probeUntil: number;
  /** The latest outcomes, oldest first: [1 success | 0 failure, ms the call took (-1: unknown), when]. */
  recent: [0 | 1, number, number][];
}

/**
 * What an attempt may do: go, go as the one probe, skip this provider, or wait: the budget after a failure (or
 * before any outcome) is taken by attempts under way, whose outcomes decide.
 */
export type Verdict = 'go' | 'probe' | 'skip' | 'wait';

export function breakerSettings(options: BreakerOptions | undefined): BreakerSettings {
  const { store, ...numbers } = options ?? {};
  if (store !== undefined && (typeof store?.breaker !== 'function' || typeof store.breakers !== 'function'))
    throw new TypeError('createKycBackend: breaker.store must have breaker() and breakers() (redisBreakerStore(…))');
  const out = { ...DEFAULT_BREAKER, ...numbers };
  for (const key of ['failures', 'windowMs', 'coolDownMs'] as const) {
    if (!Number.isSafeInteger(out[key]) || out[key] < 1)
      throw new TypeError(`createKycBackend: breaker.${key} must be a whole number of at least 1`);
  }
  return out;
}

export const freshRow = (now: number): BreakerRow => ({
  state: 'closed',
  windowStart: now,
  failures: 0,
  pending: 0,
  healthy: false,
  openedAt: 0,
  probeUntil: 0,
  recent: [],
});

/** Whether an attempt may reach the provider now, and the row after it. */
export function admit(
  found: BreakerRow | undefined,
  now: number,
  settings: BreakerSettings,
): { verdict: Verdict; row: BreakerRow } {
  const row = found ? { ...found } : freshRow(now);
  if (row.state === 'closed') {
    if (now - row.windowStart >= settings.windowMs) Object.assign(row, { windowStart: now, failures: 0, pending: 0 });
    if (row.healthy) return { verdict: 'go', row };
    if (row.failures + row.pending >= settings.failures) return { verdict: 'wait', row };
    row.pending++;
    return { verdict: 'go', row };
  }
  if (now - row.openedAt < settings.coolDownMs || row.probeUntil > now) return { verdict: 'skip', row };
  return { verdict: 'probe', row: { ...row, state: 'half-open', probeUntil: now + settings.coolDownMs } };
}

/**
 * The row after an outcome: of an attempt `admit` let through (`admitted`), or one the widget reported for a
 * session this backend handed out (a frame that never said ready): a failure that was never pending.
 */
export function settle(
  found: BreakerRow | undefined,
  outcome: { ok: boolean; ms: number; probe: boolean; admitted: boolean },
  now: number,
  settings: BreakerSettings,
): BreakerRow {
  const row = found ? { ...found } : freshRow(now);
  row.recent = [...row.recent, [outcome.ok ? 1 : 0, Math.round(outcome.ms), now] as [0 | 1, number, number]].slice(
    -RECENT_OUTCOMES,
  );
  const pending = outcome.admitted && !outcome.probe ? Math.max(0, row.pending - 1) : row.pending;
  if (outcome.ok) return { ...freshRow(now), healthy: true, recent: row.recent, pending };
  // A failed probe opens it again for a cool-down.
  if (outcome.probe) return { ...row, state: 'open', openedAt: now, probeUntil: 0, healthy: false };
  // A late failure of an attempt let through before it opened (or a report) changes nothing more.
  if (row.state !== 'closed') return row;
  if (now - row.windowStart >= settings.windowMs) Object.assign(row, { windowStart: now, failures: 0 });
  const failures = row.failures + 1;
  if (failures >= settings.failures)
    return { ...row, state: 'open', failures, pending: 0, healthy: false, openedAt: now, probeUntil: 0 };
  return { ...row, failures, pending, healthy: false };
}

/** What `kyc.health()` says of one provider. */
export interface ProviderHealth {
  state: BreakerState;
  /** Share of successes among the recent outcomes (null before any). */
  successRate: number | null;
  /** Median time of the recent successful creates, in ms (null before any). */
  medianMs: number | null;
  /** Failures in a row now. */
  failures: number;
}

export function healthOf(row: BreakerRow | undefined, now: number, settings: BreakerSettings): ProviderHealth {
  if (!row) return { state: 'closed', successRate: null, medianMs: null, failures: 0 };
  const recent = row.recent.filter(([, , at]) => now - at < 10 * settings.windowMs);
  const times = recent
    .filter(([ok, ms]) => ok === 1 && ms >= 0)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  const middle = times.length >> 1;
  return {
    state: row.state === 'open' && now - row.openedAt >= settings.coolDownMs ? 'half-open' : row.state,
    successRate: recent.length
      ? Math.round((recent.filter(([ok]) => ok === 1).length / recent.length) * 1000) / 1000
      : null,
    medianMs: times.length
      ? times.length % 2
        ? times[middle]
        : Math.round((times[middle - 1] + times[middle]) / 2)
      : null,
    failures: row.failures,
  };
}

/** A row as read back from a store (JSON), or undefined when it is not one. */
export function rowOf(value: unknown): BreakerRow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const row = value as Partial<BreakerRow>;
  if (row.state !== 'closed' && row.state !== 'open' && row.state !== 'half-open') return undefined;
  const numbers = [row.windowStart, row.failures, row.pending, row.openedAt, row.probeUntil];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n)) || !Array.isArray(row.recent))
    return undefined;
  return row as BreakerRow;
}

/** JSON with every object's keys in order: the same text for the same value, however its keys were ordered. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );

/** How many times a change of a breaker row is tried against others writing the same row, before it gives up. */
const SWAP_TRIES = 500;

/**
 * A row kept as text by a shared store, changed by compare-and-set: `read` answers the row's text as stored (`before`)
 * and its value, `write` stores `after` only if the text is still `before` (absent: only if there is none) and says
 * whether it did. A lost race reads again after a short random pause (growing to 20 ms), so that many writers of one
 * row all get through; none is lost: after SWAP_TRIES it throws (the backend's store deadline comes first). No lock is
 * held across round trips, so a healthy provider's admits, which change nothing, cost one read.
 */
export async function swapRow(
  read: () => Promise<{ before: string; value: unknown } | undefined>,
  write: (before: string | undefined, after: string) => Promise<boolean>,
  change: (row: BreakerRow | undefined) => BreakerRow,
): Promise<BreakerRow> {
  for (let tries = 1; ; tries++) {
    const found = await read();
    const row = change(rowOf(found?.value));
    const after = canonical(row);
    if (after === found?.before || (await write(found?.before, after))) return row;
    if (tries >= SWAP_TRIES) throw new Error(`the breaker's row was changed by others ${SWAP_TRIES} times in a row`);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, tries)));
  }
}
