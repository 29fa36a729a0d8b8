/**
 * The embedding preflight: before the person reaches a camera step that cannot work, say why. It asks the
 * browser whether the provider's frame will be given the camera, and names the policy and the fix when it
 * will not (docs/embedding.md). It runs after the frame request, reads a few properties, and never guesses:
 * where the browser cannot tell (no policy API), it says nothing.
 *
 * What each browser can tell (checked in Chromium 156; see docs/embedding.md for Firefox and Safari):
 * - `isSecureContext` (every browser): the camera is only ever given to secure contexts.
 * - `HTMLIFrameElement.featurePolicy` (Chromium only): the policy the frame's document will get from this
 *   page's `Permissions-Policy` header, the iframe's `allow` and every enclosing frame's `allow`, for the
 *   frame's own origin. `document.featurePolicy.allowsFeature('camera')` says whether this page itself has
 *   the camera, which tells the causes apart. (`document.featurePolicy.allowsFeature('camera', origin)` is
 *   NOT used: it answers false for any other origin on a page with no header at all, where the `allow`
 *   attribute does delegate the camera, so it would raise false alarms.) `document.permissionsPolicy`, the
 *   renamed API, does not exist in Chromium 156; it is used first should it ship.
 */

/** The part of Chromium's (Feature|Permissions)Policy interface used here (not in TypeScript's DOM types). */
interface PolicyQuery {
  allowsFeature(feature: string, origin?: string): boolean;
}

/** What the browser said, gathered by `readCameraFacts`; `undefined` where the browser has no way to tell. */
export interface CameraFacts {
  /** The frame's `allow` list asks for the camera (a provider that does not is never checked). */
  asksCamera: boolean;
  /** The provider frame's origin. */
  origin: string;
  secureContext?: boolean;
  /** This page is in a frame (`window !== window.top`). */
  framed: boolean;
  /** The origin of the page framing this one, where the browser lists it (`location.ancestorOrigins`). */
  parentOrigin?: string;
  /** This page itself may use the camera (`document.featurePolicy.allowsFeature('camera')`). */
  pageAllowed?: boolean;
  /** The provider's frame will get the camera (`iframe.featurePolicy.allowsFeature('camera')`). */
  frameAllowed?: boolean;
}

/** Does an `allow` attribute's value have a `camera` directive (`camera`, `camera *`, `camera 'src'`…)? */
export function asksForCamera(allow: string): boolean {
  return allow.split(';').some((directive) => {
    const [feature, ...allowlist] = directive.trim().split(/\s+/);
    return feature === 'camera' && !allowlist.includes("'none'");
  });
}

/**
 * The English message of the `camera-unavailable` warning for these facts, or undefined when the camera
 * is not known to be blocked. Pure; the order is from the most fundamental cause to the narrowest.
 */
export function cameraProblem(facts: CameraFacts): string | undefined {
  const { origin } = facts;
  if (!facts.asksCamera) return undefined;
  if (facts.secureContext === false) {
    return (
      `this page is not a secure context (plain http on a host other than localhost, or inside such a page), ` +
      `and browsers give the camera only to secure contexts: ${origin} cannot use it. ` +
      `Serve this page, and every page that frames it, over https`
    );
  }
  const blocked = facts.frameAllowed === false || (facts.frameAllowed === undefined && facts.pageAllowed === false);
  if (!blocked) return undefined;
  if (facts.pageAllowed === false && facts.framed) {
    const parent = facts.parentOrigin ? ` (on ${facts.parentOrigin})` : '';
    return (
      `this page is in a frame whose allow attribute does not delegate camera, so ${origin} cannot use it: ` +
      `add allow="camera" to the enclosing iframe${parent}, on every level of frames up to the top page ` +
      `(or, if this page sends a Permissions-Policy header, let it allow camera to self "${origin}")`
    );
  }
  if (facts.pageAllowed === false) {
    return (
      `the page's Permissions-Policy denies camera to this page and so to ${origin}: ` +
      `set camera=(self "${origin}") in the Permissions-Policy header`
    );
  }
  return (
    `the page's Permissions-Policy denies camera to ${origin}: ` +
    `add "${origin}" to the camera allowlist of the Permissions-Policy header, e.g. camera=(self "${origin}")`
  );
}

/** Reads what the browser can say about the camera for this iframe. Cheap: a few property reads. */
export function readCameraFacts(iframe: HTMLIFrameElement, origin: string): CameraFacts {
  const doc = iframe.ownerDocument;
  const win = doc.defaultView;
  const facts: CameraFacts = {
    asksCamera: asksForCamera(iframe.allow),
    origin,
    framed: Boolean(win && win !== win.top),
  };
  if (!facts.asksCamera) return facts;
  if (typeof win?.isSecureContext === 'boolean') facts.secureContext = win.isSecureContext;
  const page = policyOf(doc);
  if (page) facts.pageAllowed = ask(page);
  const frame = policyOf(iframe);
  if (frame) facts.frameAllowed = ask(frame);
  // Only for the message, and only when it will be needed: the first read of ancestorOrigins costs ~2 ms.
  const ancestors = facts.framed && facts.pageAllowed === false ? win?.location.ancestorOrigins : undefined;
  if (ancestors?.length) facts.parentOrigin = ancestors[0];
  return facts;
}

function policyOf(target: object): PolicyQuery | undefined {
  const holder = target as { permissionsPolicy?: unknown; featurePolicy?: unknown };
  const policy = holder.permissionsPolicy ?? holder.featurePolicy;
  return policy && typeof (policy as PolicyQuery).allowsFeature === 'function' ? (policy as PolicyQuery) : undefined;
}

/** The browser's answer, or undefined if it threw (an unknown feature name in some future version). */
function ask(policy: PolicyQuery): boolean | undefined {
  try {
    return policy.allowsFeature('camera');
  } catch {
    return undefined;
  }
}

/**
 * Once per element and frame origin: the answer cannot change without the page itself reloading, so a
 * retry, a reload the provider asked for, or another session on the same origin does not repeat it.
 */
export class CameraPreflight {
  readonly #warned = new Set<string>();

  /** The warning's message for this frame, the first time it applies; undefined otherwise. */
  check(iframe: HTMLIFrameElement | null, origin: string): string | undefined {
    if (!iframe) return undefined;
    let message: string | undefined;
    try {
      message = cameraProblem(readCameraFacts(iframe, origin));
    } catch {
      return undefined; // a browser that answers oddly: no warning rather than a wrong one
    }
    if (!message || this.#warned.has(`${origin} ${message}`)) return undefined;
    this.#warned.add(`${origin} ${message}`);
    return message;
  }
}

/**
 * The vendor's script of an SDK-hosted provider did not load (runtime/sdk-attempt.ts): the `frame-load-timeout`
 * message, naming the page's CSP directive when the browser reported a violation for that URL (`blocked`), so that
 * a blocked script is a named error at once rather than a load timeout (docs/embedding.md has each provider's CSP).
 */
export function scriptProblem(provider: string, url: URL, blocked: string | undefined): string {
  if (blocked) {
    const directive = blocked === 'script-src-elem' ? 'script-src' : blocked;
    return (
      `the page's Content-Security-Policy (${blocked}) blocked ${provider}'s script ${url.href}: ` +
      `add ${url.origin} to ${directive} (docs/embedding.md lists each provider's CSP)`
    );
  }
  return `${provider}'s script ${url.href} could not be loaded: check the network and the URL`;
}
