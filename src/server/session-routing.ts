import type { FailedProvider } from './session-request';
import type { SessionProvider } from './session-types';
import type { Verdict } from './backend/breaker';

/**
 * What the session endpoint needs to answer `provider: "auto"` (createKycBackend gives it from its `providers`,
 * `route`, `breaker` and store): the candidates in order, the breaker's word before each create and its outcome after.
 */
export interface Routing {
  /** The providers served, in the default order. */
  readonly providers: readonly SessionProvider[];
  /** The candidates for this request, in order (unknown, unserved and failed ones are dropped by the handler). */
  candidates(ask: {
    userId: string | null;
    request: Request;
    locale: string;
    failed: readonly FailedProvider[];
  }): Promise<readonly unknown[]>;
  /** Before a create for `provider`: go, go as the breaker's one probe, or skip it. */
  admit(provider: SessionProvider): Promise<Exclude<Verdict, 'wait'>>;
  /** After a create (or a failure the widget reported for a session it was handed: `admitted: false`). */
  settle(
    provider: SessionProvider,
    outcome: { ok: boolean; ms: number; probe: boolean; admitted: boolean },
  ): Promise<void>;
  /** The widget left `provider`, whose session this backend handed the user (after its `settle`): the ledger's end. */
  left?(provider: SessionProvider, userId: string, code: string): Promise<void>;
  /** The user's decision with any provider, when it needs no new session (answered instead of one). */
  decided?(userId: string): Promise<{ provider: string; decision: 'approved' | 'declined' | 'review' } | null>;
}

/** The candidates as the handler tries them: served, not failed in this attempt, each once. */
export function candidateOrder(
  listed: readonly unknown[],
  served: readonly SessionProvider[],
  failed: ReadonlySet<string>,
): SessionProvider[] {
  const out: SessionProvider[] = [];
  for (const id of listed) {
    if (typeof id !== 'string' || failed.has(id) || out.includes(id as SessionProvider)) continue;
    if ((served as readonly string[]).includes(id)) out.push(id as SessionProvider);
  }
  return out;
}

/** Who asks: the user, or under `anonymous: true` the client address. */
export interface Asker {
  userId: string | null;
  /** The limit's key. */
  limitKey: string;
}

/** One request, read and identified: what every provider's create for it needs. */
export interface Ask {
  request: Request;
  asker: Asker;
  /** The Idempotency-Key header, or null. */
  attempt: string | null;
  locale: string;
  refresh: boolean;
  /** When this request stops waiting (ms since the epoch). */
  deadline: number;
  /** Chosen by routing (`provider: "auto"`): its creates ask the breaker first. */
  routed?: boolean;
}

/** Thrown inside a create the breaker skips: the next candidate is tried, nothing is reported. */
export const SKIPPED = new Error('the breaker skips this provider');
