import { safeUrl } from '../frame/allow';
import { Problem } from '../frame/problem';
import { frameFor, isProviderId } from '../providers/registry';
import type { Inputs } from './inputs';

/**
 * Opens the connection the provider's frame will take, while the host's backend makes the session. A page's
 * `<link rel="preconnect">` cannot: Chromium keys its connections by the top-level site and whether the request
 * is cross-site, so the page's own socket is never its cross-site frame's (bench/preconnect.mjs shows it). A
 * throwaway frame is cross-site like the real one: its one request, for the origin's `/robots.txt` (small and
 * static on any web host), leaves a connection that the real frame's request then takes instead of opening one,
 * a round trip sooner on a phone. Hidden, without a referrer, and no script runs in it.
 *
 * Its sandbox allows the same origin and nothing else. A frame sandboxed to an opaque origin (`sandbox=""`) is put
 * in a process of its own (Chromium's IsolateSandboxedIframes: "process isolation to iframes with the 'sandbox'
 * attribute and without the 'allow-same-origin' permission", chrome/browser/flag_descriptions.cc), so such a
 * warm-up started a renderer the real frame never used, and slowed the real frame down. On the provider's own
 * origin it starts the renderer the real frame then shares. bench/warm-sandbox.mjs, 4x CPU on loopback: the real
 * frame's insertion → ready 0.79× [0.69–0.93] of no warm-up's, and 1.61× [1.36–2.11] with `sandbox=""` (`retire`
 * says why it stays until the real frame has loaded). `allow-same-origin` without `allow-scripts` still runs
 * nothing, submits nothing, opens nothing.
 */
export function warmUp(parent: Element | ShadowRoot, origin: string): HTMLIFrameElement {
  const frame = (parent.ownerDocument as Document).createElement('iframe'); // a shadow root's is never null
  frame.hidden = true; // not rendered: out of the tab order and the accessibility tree
  frame.setAttribute('sandbox', WARM_SANDBOX);
  frame.referrerPolicy = 'no-referrer';
  setTimeout(() => frame.remove(), WARM_LIMIT); // unless the real frame's load takes it sooner (`retire`)
  frame.src = new URL('/robots.txt', origin).href;
  parent.append(frame);
  return frame;
}

/** The warm-up frame's sandbox (kyc-widget/server writes the same): its origin, no script, nothing else. */
export const WARM_SANDBOX = 'allow-same-origin';

/**
 * The warm-up frame's work is done once the real frame has loaded: until then it keeps the renderer the real
 * frame is to share (a warm-up removed when its own page had loaded left the real frame no sooner than none at
 * all). It goes at once when there is no frame to wait for (the flow stopped, or the vendor's script instead), and
 * in any case `WARM_LIMIT` after it was made, so a frame that never loads, or a session that never comes, does not
 * keep it.
 */
export function retire(warm: HTMLIFrameElement | null, frame?: HTMLIFrameElement | null): void {
  if (frame) frame.addEventListener('load', () => warm?.remove(), { once: true });
  else warm?.remove();
}

export const WARM_LIMIT = 30_000;

/**
 * The frame origin to warm while a session is asked for: the host's first exact `allowed-origins` entry (a
 * sandbox, a region, a white-label host), else the provider's first exact origin; none for wildcards only.
 */
export function warmOrigin(inputs: Inputs): string | undefined {
  const exact = (inputs.allowedOrigins ?? '').split(/\s+/).find((entry) => /^https?:\/\/[^*]+$/.test(entry));
  const provider = isProviderId(inputs.provider) ? frameFor(inputs.provider) : undefined;
  const url = safeUrl(exact ?? provider?.origins.find((entry) => !entry.includes('*')), 'origin');
  return url instanceof Problem ? undefined : url.origin;
}
