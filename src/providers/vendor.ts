import type { Delivery, Loaded } from './types';

/**
 * Loads the vendor's code from its URL (the vendor's CDN, or an allowlisted stand-in): a classic script that sets a
 * global (Stripe.js, Plaid Link), or an ES module (Onfido's runtime, as its npm loader imports it). A page's CSP
 * that blocks it is told apart from a network failure by the document's `securitypolicyviolation` event for that
 * URL, so the widget can name the directive (runtime/preflight.ts) instead of waiting for its load timeout.
 *
 * In the boot chunk: the stand-in starts the load in the task the inputs resolve, so the vendor's code
 * downloads while the runtime chunk and the SDK adapters' chunk do, not after them; the runtime's attempt
 * (runtime/sdk-attempt.ts) asks for the same URL and shares that load instead of starting a second one. It is the load
 * itself that starts early, not a `<link rel=preload>` beside it: a preload is checked by the page's CSP on its own
 * (a `'strict-dynamic'` policy allows the script a script inserts, never a preload), and a blocked or failed
 * `modulepreload` is remembered by the document's module map, so the `import()` after it would fail too.
 */

/** The Trusted Types policy the page's CSP may name (`trusted-types kyc-widget`), for the vendor's script URL. */
export const TRUSTED_TYPES_POLICY = 'kyc-widget';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
const policies = new WeakMap<object, ScriptUrlPolicy | null>();

/**
 * The vendor's URL as the page's Trusted Types want it (`require-trusted-types-for 'script'` makes `script.src` a
 * sink): through the `kyc-widget` policy, which passes only the URL the widget resolved (the vendor's CDN or an
 * allowlisted `options.sdkUrl`). Without Trusted Types, or when the page's CSP does not allow the policy, the string.
 */
function scriptUrl(win: Record<string, unknown>, href: string): unknown {
  const factory = win.trustedTypes as { createPolicy?(name: string, rules: object): ScriptUrlPolicy } | undefined;
  if (!factory?.createPolicy) return href;
  if (!policies.has(factory)) {
    let policy: ScriptUrlPolicy | null = null;
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY, { createScriptURL: (url: string) => url });
    } catch {
      // the page's `trusted-types` directive does not list it
    }
    policies.set(factory, policy);
  }
  return policies.get(factory)?.createScriptURL(href) ?? href;
}

/** A script of this page that is this URL (one per page: vendors ask not to load their script twice). */
function scriptOf(doc: Document, href: string): HTMLScriptElement | undefined {
  for (const script of doc.querySelectorAll('script[src]'))
    if ((script as HTMLScriptElement).src === href) return script as HTMLScriptElement;
  return undefined;
}

/** The loads under way in each document, by URL: whoever asks while one is under way shares it. */
const loading = new WeakMap<Document, Map<string, Promise<Loaded>>>();

/**
 * The vendor's code: the load under way for this URL (the one the stand-in started) or a new one. A settled load
 * is forgotten: after a success the global or the module map answers at once; after a failure the next try loads
 * again.
 */
export function loadVendor(doc: Document, url: URL, delivery: Delivery): Promise<Loaded> {
  const loads = loading.get(doc) ?? new Map<string, Promise<Loaded>>();
  loading.set(doc, loads);
  let load = loads.get(url.href);
  if (!load) {
    load = loadNow(doc, url, delivery);
    loads.set(url.href, load);
    void load.then(() => loads.delete(url.href));
  }
  return load;
}

async function loadNow(doc: Document, url: URL, delivery: Delivery): Promise<Loaded> {
  const win = doc.defaultView as unknown as Record<string, unknown> | null;
  if (!win) return { ok: false };
  // Nothing to download: the host imports `@jumio/websdk`; until it defines the element, the load timer runs.
  if (delivery.kind === 'element')
    return { ok: true, vendor: await (win.customElements as CustomElementRegistry).whenDefined(delivery.tag) };
  if (delivery.kind === 'script' && win[delivery.global] !== undefined)
    return { ok: true, vendor: win[delivery.global] };
  let blocked: string | undefined;
  const violation = (event: SecurityPolicyViolationEvent) => {
    const uri = event.blockedURI;
    if (uri && (uri === url.href || uri === url.origin || url.href.startsWith(uri)))
      blocked = event.effectiveDirective || event.violatedDirective;
  };
  doc.addEventListener('securitypolicyviolation', violation);
  try {
    const vendor =
      delivery.kind === 'module' ? await importModule(url, delivery.export) : await script(doc, url, delivery.global);
    return { ok: true, vendor };
  } catch {
    // The violation is reported in a task of its own: give it that task before telling the causes apart.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return blocked ? { ok: false, blocked } : { ok: false };
  } finally {
    doc.removeEventListener('securitypolicyviolation', violation);
  }
}

async function importModule(url: URL, name: string): Promise<unknown> {
  const module = (await import(/* @vite-ignore */ url.href)) as Record<string, unknown>;
  return module[name];
}

function script(doc: Document, url: URL, global: string): Promise<unknown> {
  const win = doc.defaultView as unknown as Record<string, unknown>;
  return new Promise((resolve, reject) => {
    // A failed earlier try leaves its element: a new one tries again (as @stripe/stripe-js does after an error).
    scriptOf(doc, url.href)?.remove();
    const element = doc.createElement('script');
    // Only this URL, resolved and allowlisted by the widget, ever goes through the policy.
    (element as unknown as { src: unknown }).src = scriptUrl(win, url.href);
    element.async = true;
    const done = () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
    };
    const onLoad = () => {
      done();
      if (win[global] === undefined) reject(new Error('no global'));
      else resolve(win[global]);
    };
    const onError = () => {
      done();
      element.remove();
      reject(new Error('failed'));
    };
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    (doc.head ?? doc.documentElement).append(element);
  });
}
