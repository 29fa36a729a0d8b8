/**
 * The element's public API without any provider: what every entry shares. The entries register the providers
 * their bundle carries (index.ts: all of them; a one-provider entry: generic and its own) and define the tag.
 * Free of side effects beyond the runtime's loader: it defines nothing and touches no DOM, so it is safe in Node and
 * during server-side rendering.
 */
import { KycWidgetElement } from './element/kyc-widget';
import { runtimeLoader } from './element/handover';

// The one place that imports the runtime: the element reaches it through this loader (element/handover.ts).
runtimeLoader.load = () => import('./runtime/runtime');

export { KycWidgetElement };
export type { LastError as KycErrorDetail } from './runtime/controller';
export type { Decision, KycEventDetails, KycEventMap, KycEventName, KycBaseDetail } from './element/events';
export type { KycState } from './flow/machine';
export type { KycWidgetAttributes } from './frameworks';
export type { ErrorCode, KycErrorInfo } from './flow/errors';
export type { ProviderChoice, ProviderId } from './providers/registry';
export type { Outcome } from './protocols/types';
export { EVENT_NAMES } from './element/events';
export { ERROR_CODES } from './flow/errors';
export { STATES } from './flow/machine';

/**
 * Defines the element under `tagName` (default `kyc-widget`) and returns its class.
 * A second call, or a second copy of the script on the page, returns the existing definition instead of throwing.
 * Returns undefined where there is no `customElements` (Node, SSR).
 */
export function defineKycWidget(
  tagName = 'kyc-widget',
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): typeof KycWidgetElement | undefined {
  if (!registry) return undefined;
  const existing = registry.get(tagName);
  if (existing) return existing as typeof KycWidgetElement;
  try {
    registry.define(tagName, KycWidgetElement);
    return KycWidgetElement;
  } catch {
    // A registry takes each constructor once: another tag name gets its own subclass (an invalid name throws again).
    const named = class extends KycWidgetElement {};
    registry.define(tagName, named);
    return named;
  }
}
