import { safeUrl } from '../frame/allow';
import { Problem } from '../frame/problem';
import { frameFor, isProviderId } from '../providers/index';
import type { Inputs } from './inputs';

/**
 * Opens the connection the provider's frame will take, while the host's backend makes the session. A page's
 * `<link rel="preconnect">` cannot: Chromium keys its connections by the top-level site and whether the request
 * is cross-site, so the page's own socket is never its cross-site frame's (bench/preconnect.mjs shows it). A
 * throwaway frame is cross-site like the real one: its one request, for the origin's `/robots.txt` (small and
 * static on any web host), leaves a connection that the real frame's request then takes instead of opening one,
 * a round trip sooner on a phone. Sandboxed (no script runs in it), without a referrer, `hidden`; it
 * goes when it has loaded or when the real frame is made.
 */
export function warmUp(parent: Element | ShadowRoot, origin: string): HTMLIFrameElement {
  const frame = (parent.ownerDocument as Document).createElement('iframe'); // a shadow root's is never null
  frame.hidden = true; // not rendered: out of the tab order and the accessibility tree
  frame.setAttribute('sandbox', '');
  frame.referrerPolicy = 'no-referrer';
  frame.onload = () => frame.remove();
  frame.src = new URL('/robots.txt', origin).href;
  parent.append(frame);
  return frame;
}

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
