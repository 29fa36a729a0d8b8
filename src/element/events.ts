import type { ErrorCode } from '../flow/errors';
import type { KycState } from '../flow/machine';
import type { Outcome, ProviderId } from '../providers/types';

/** Present on every event's detail. */
export interface KycBaseDetail {
  provider: ProviderId | string;
  sessionId?: string;
}

/** The event map: `el.addEventListener('kyc-complete', (e) => e.detail.outcome)` type-checks in hosts. */
export interface KycEventDetails {
  'kyc-statechange': KycBaseDetail & { state: KycState; previous: KycState };
  'kyc-ready': KycBaseDetail;
  'kyc-start': KycBaseDetail;
  'kyc-progress': KycBaseDetail & { step: string; index?: number; total?: number };
  'kyc-submit': KycBaseDetail;
  'kyc-complete': KycBaseDetail & { outcome: Outcome };
  'kyc-cancel': KycBaseDetail;
  'kyc-error': KycBaseDetail & { code: ErrorCode; message: string; recoverable: boolean; providerCode?: string };
}

export type KycEventName = keyof KycEventDetails;

export type KycEventMap = { [K in KycEventName]: CustomEvent<KycEventDetails[K]> };

export const EVENT_NAMES: readonly KycEventName[] = [
  'kyc-statechange',
  'kyc-ready',
  'kyc-start',
  'kyc-progress',
  'kyc-submit',
  'kyc-complete',
  'kyc-cancel',
  'kyc-error',
];

/** The one way the widget dispatches: bubbling, composed (crosses the shadow root), not cancelable. */
export function emit<K extends KycEventName>(target: EventTarget, name: K, detail: KycEventDetails[K]): void {
  target.dispatchEvent(new CustomEvent(name, { detail: Object.freeze(detail), bubbles: true, composed: true }));
}
