import type { ErrorCode, WarningCode } from './errors';
import type { ProviderId } from '../providers/registry';
import type { Outcome } from '../protocols/types';

/**
 * The widget's public vocabulary: its states and its events (README "Events"), typed once. flow/ emits them
 * (`Emit`: the detail without `provider`, which the runner adds); element/events.ts dispatches them and
 * re-exports these types for hosts.
 */

export const STATES = [
  'idle',
  'loading',
  'ready',
  'in-progress',
  'submitted',
  'complete',
  'cancelled',
  'error',
] as const;
export type KycState = (typeof STATES)[number];

/** A decision the host's backend confirmed (from its provider's webhook), or the host set (`decision`). */
export type Decision = 'approved' | 'declined' | 'review';

/** Present on every event's detail. */
export interface KycBaseDetail {
  /**
   * The provider used: the `provider` input (an unknown value too, on the `config-invalid` error that reports it), or
   * with `auto` the one the session endpoint named (`auto` until it has named one).
   */
  provider: ProviderId | 'auto' | (string & {});
  sessionId?: string;
}

/** Every event's detail, by name (README "Events"). */
export interface KycEventDetails {
  'kyc-statechange': KycBaseDetail & { state: KycState; previous: KycState };
  'kyc-ready': KycBaseDetail;
  'kyc-start': KycBaseDetail;
  'kyc-progress': KycBaseDetail & { step: string; index?: number; total?: number };
  'kyc-submit': KycBaseDetail;
  'kyc-complete': KycBaseDetail & { outcome: Outcome };
  'kyc-cancel': KycBaseDetail;
  'kyc-error': KycBaseDetail & { code: ErrorCode; message: string; recoverable: boolean; providerCode?: string };
  /** `previous`: on `provider-switched`, the provider left (`provider` is the one the person goes on with). */
  'kyc-warning': KycBaseDetail & { code: WarningCode; message: string; providerCode?: string; previous?: string };
  /** `confirmed`: the host's `decision-endpoint` said it; false: the host set the `decision` property itself. */
  'kyc-decision': KycBaseDetail & { decision: Decision; confirmed: boolean };
  'kyc-close': KycBaseDetail & { state: KycState };
}

export type KycEventName = keyof KycEventDetails;

/** The detail of a `kyc-error` (also the element's `lastError`). */
export type KycErrorDetail = KycEventDetails['kyc-error'];

/** `el.addEventListener('kyc-complete', (e) => e.detail.outcome)` type-checks in hosts (see kyc-widget.ts). */
export type KycEventMap = { [K in KycEventName]: CustomEvent<KycEventDetails[K]> };

/**
 * An event as flow/ decides it: its name and its detail without `provider`, which the runner adds. One type per
 * name (`Emit<'kyc-complete'>`), so a detail that does not fit its event does not compile.
 */
export type Emit<K extends KycEventName = KycEventName> = {
  [P in K]: { name: P; detail: Omit<KycEventDetails[P], 'provider'> };
}[K];

/** The event with the session's id on its detail, once one is known (the detail's own fields win). */
export function withSessionId<K extends KycEventName>(emit: Emit<K>, sessionId: string | undefined): Emit<K> {
  return sessionId ? { name: emit.name, detail: { sessionId, ...emit.detail } } : emit;
}
