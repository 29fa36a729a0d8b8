import type { KycEventDetails, KycEventMap, KycEventName } from '../flow/events';

// The event map's types are flow/'s (flow/events.ts): step emits by them; hosts read them from here.
export type {
  Decision,
  KycBaseDetail,
  KycErrorDetail,
  KycEventDetails,
  KycEventMap,
  KycEventName,
} from '../flow/events';

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
  'kyc-decision': true,
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
