import type { ErrorCode } from '../flow/errors';
import type { KycState } from '../flow/machine';
import type { ProviderId } from '../providers/index';
import type { Outcome } from '../protocols/types';

/** Present on every event's detail. */
export interface KycBaseDetail {
  /** The `provider` input (an unknown value too, on the `config-invalid` error that reports it). */
  provider: ProviderId | (string & {});
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
  'kyc-warning': KycBaseDetail & { code: ErrorCode; message: string; providerCode?: string };
  'kyc-close': KycBaseDetail & { state: KycState };
}

export type KycEventName = keyof KycEventDetails;

/** The detail of a `kyc-error` (also the element's `lastError`). */
export type KycErrorDetail = KycEventDetails['kyc-error'];

/** `el.addEventListener('kyc-complete', (e) => e.detail.outcome)` type-checks in hosts (see kyc-widget.ts). */
export type KycEventMap = { [K in KycEventName]: CustomEvent<KycEventDetails[K]> };

const NAMES: Record<KycEventName, true> = {
  'kyc-statechange': true,
  'kyc-ready': true,
  'kyc-start': true,
  'kyc-progress': true,
  'kyc-submit': true,
  'kyc-complete': true,
  'kyc-cancel': true,
  'kyc-error': true,
  'kyc-warning': true,
  'kyc-close': true,
};

export const EVENT_NAMES = Object.keys(NAMES) as readonly KycEventName[];

/** The one way the widget dispatches: bubbling, composed (crosses the shadow root), not cancelable. */
export function emit<K extends KycEventName>(target: EventTarget, name: K, detail: KycEventDetails[K]): void {
  target.dispatchEvent(new CustomEvent(name, { detail: Object.freeze(detail), bubbles: true, composed: true }));
}

declare global {
  /** The widget's events, typed wherever they can be listened to (the element, `document`, `window`). */
  interface GlobalEventHandlersEventMap extends KycEventMap {}
}
