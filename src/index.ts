/**
 * Public API, free of side effects: importing this module defines nothing and touches no DOM,
 * so it is safe in Node and during server-side rendering.
 */
import { kycWidgetClass, type KycWidgetConstructor } from './element/kyc-widget';

export type { KycWidgetElement, KycWidgetConstructor } from './element/kyc-widget';
export type { KycEventDetails, KycEventMap, KycEventName, KycBaseDetail } from './element/events';
export type { KycState } from './flow/machine';
export type { ErrorCode, KycErrorInfo } from './flow/errors';
export type { Outcome, ProviderId } from './providers/types';
export { EVENT_NAMES } from './element/events';
export { ERROR_CODES } from './flow/errors';
export { STATES } from './flow/machine';
export { PROVIDER_IDS } from './providers/types';

/**
 * Defines the element under `tagName` (default `kyc-widget`) and returns its class.
 * A second call, or a second copy of the script on the page, returns the existing definition instead of throwing.
 * Returns undefined where there is no `customElements` (Node, SSR).
 */
export function defineKycWidget(tagName = 'kyc-widget', registry?: CustomElementRegistry): KycWidgetConstructor | undefined {
  const target = registry ?? (typeof customElements === 'undefined' ? undefined : customElements);
  if (!target) return undefined;
  const existing = target.get(tagName);
  if (existing) return existing as unknown as KycWidgetConstructor;
  const base = kycWidgetClass() as unknown as CustomElementConstructor;
  try {
    target.define(tagName, base);
    return base as unknown as KycWidgetConstructor;
  } catch (error) {
    // A registry takes each constructor once: a second tag name gets its own subclass.
    if (typeof target.getName === 'function' && target.getName(base) === null) throw error;
  }
  const named = class extends (base as unknown as typeof HTMLElement) {};
  target.define(tagName, named);
  return named as unknown as KycWidgetConstructor;
}
