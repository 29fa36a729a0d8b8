import { page } from 'vitest/browser';
import type { KycWidgetElement } from '../../src/index';
import { record, SANDBOX, widget } from './helpers';

/**
 * The SDK-hosted providers in real Chromium: the widget with the sandbox's stand-in for the vendor's loader
 * (sandbox/public/sdk/, a second origin, allowlisted through allowed-origins), and what the stand-ins leave
 * on the page, counted: their frames (inline or in an overlay), their overlays, their `message` listeners, the calls
 * the host made and the shapes they refused (window.__sandboxSdk, kept by sdk/core.js).
 */

declare global {
  interface Window {
    __sandboxSdk?: {
      listeners: number;
      calls: { vendor: string; method: string; shape: Record<string, string> }[];
      refusals: string[];
    };
  }
}

/**
 * A vendor's flow that ends at the browser, whose decision only the webhook knows: every state and event, in order,
 * to `kyc-complete` with outcome `pending`.
 */
export const PENDING_FLOW = [
  'state:loading',
  'state:ready',
  'kyc-ready',
  'state:in-progress',
  'kyc-start',
  'state:submitted',
  'kyc-submit',
  'state:complete',
  'kyc-complete',
];

export type SdkVendor = 'onfido' | 'stripe' | 'plaid';

/** Where each stand-in loader is served on the sandbox. */
export const LOADERS: Record<SdkVendor, string> = {
  onfido: `${SANDBOX}/sdk/onfido/Onfido.js`,
  stripe: `${SANDBOX}/sdk/stripe/stripe.js`,
  plaid: `${SANDBOX}/sdk/plaid/link-initialize.js`,
};

/** A token that scripts the stand-in's UI (sandbox/public/assets/sdk-ui.js), per vendor's token shape. */
export function scriptToken(vendor: SdkVendor, steps: string[]): string {
  return `script=${steps.join(',')}`;
}

export function sdkOptions(vendor: SdkVendor, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sdkUrl: LOADERS[vendor],
    ...(vendor === 'stripe' ? { publishableKey: 'pk_test_sandbox0001' } : {}),
    ...extra,
  };
}

/** An idle widget, recording, then given the provider, the sandbox loader and `token` in one task. */
export async function mountSdk(
  vendor: SdkVendor,
  token: string | undefined,
  {
    options = {},
    decisionEndpoint,
    sessionEndpoint,
    allowedOrigins = SANDBOX,
  }: {
    options?: Record<string, unknown>;
    decisionEndpoint?: string;
    sessionEndpoint?: string;
    allowedOrigins?: string;
  } = {},
) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  el.provider = vendor;
  el.allowedOrigins = allowedOrigins;
  el.options = sdkOptions(vendor, options);
  if (decisionEndpoint) el.decisionEndpoint = decisionEndpoint;
  if (sessionEndpoint) el.sessionEndpoint = sessionEndpoint;
  if (token !== undefined) el.sessionToken = token;
  return { el, events };
}

/** The stand-ins' frames on the page: in the document, and in every widget's shadow root. */
export function vendorFrames(vendor?: SdkVendor): HTMLIFrameElement[] {
  const selector = vendor ? `iframe[data-sandbox-sdk="${vendor}"]` : 'iframe[data-sandbox-sdk]';
  const inShadows = [...document.querySelectorAll('kyc-widget')].flatMap((el) => [
    ...(el.shadowRoot?.querySelectorAll<HTMLIFrameElement>(selector) ?? []),
  ]);
  return [...document.querySelectorAll<HTMLIFrameElement>(selector), ...inShadows];
}

export const overlays = (): number => document.querySelectorAll('[data-sandbox-sdk-overlay]').length;
export const listeners = (): number => window.__sandboxSdk?.listeners ?? 0;
export const calls = (vendor: SdkVendor, method: string) =>
  (window.__sandboxSdk?.calls ?? []).filter((call) => call.vendor === vendor && call.method === method);
export const refusals = (): string[] => window.__sandboxSdk?.refusals ?? [];

/** What is left of the vendor on the page: frames, overlays, listeners. */
export function leftovers(vendor?: SdkVendor): { frames: number; overlays: number; listeners: number } {
  return { frames: vendorFrames(vendor).length, overlays: overlays(), listeners: listeners() };
}

/** The widget's own provider iframes (an SDK provider must have none). */
export function widgetFrames(el: KycWidgetElement): number {
  return el.shadowRoot!.querySelectorAll('iframe[part~="frame"]').length;
}

/** Clicks a button of the stand-in's UI (the vendor's frame), by accessible name. */
export async function clickInVendor(frame: HTMLIFrameElement, name: string): Promise<void> {
  await page
    .frameLocator(page.elementLocator(frame))
    .getByRole('button', { name, exact: true })
    .click()
    .catch(() => {}); // the click that ends the flow: the frame goes while the click is acknowledged
}
