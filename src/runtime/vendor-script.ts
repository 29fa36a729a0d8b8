import type { SdkProviderId } from '../providers/index';

/**
 * Loads the vendor's code from its URL (the vendor's CDN, or an allowlisted stand-in): a classic script that sets a
 * global (Stripe.js, Plaid Link), or an ES module (Onfido's runtime, as its npm loader imports it). A page's CSP
 * that blocks it is told apart from a network failure by the document's `securitypolicyviolation` event for that
 * URL, so the widget can name the directive (runtime/preflight.ts) instead of waiting for its load timeout.
 *
 * In the runtime, not in the SDK adapters' chunk: the attempt (sdk-attempt.ts) starts this download at once, while
 * the adapters' chunk downloads, instead of after it (bench/sdk-providers.mjs). It is the load itself that starts
 * early, not a `<link rel=preload>` beside it: a preload is checked by the page's CSP on its own (a
 * `'strict-dynamic'` policy allows the script a script inserts, never a preload), and a blocked or failed
 * `modulepreload` is remembered by the document's module map, so the `import()` after it would fail too.
 */

/** How the vendor's code arrives: an ES module (its export), or a classic script that sets a global. */
export type Delivery =
  | { kind: 'module'; export: string }
  | { kind: 'script'; global: string }
  /** A custom element the host's page defines (Jumio's package, which the widget may not redistribute). */
  | { kind: 'element'; tag: string };

/**
 * Each SDK-hosted provider's delivery (docs/providers/<id>.md): Onfido's runtime is the module its npm loader imports
 * (`onfido-sdk-ui@14.80.0` Onfido.js), exporting `Onfido`; Stripe.js and Plaid Link are classic scripts that set the
 * globals `Stripe` and `Plaid` (the adapters, sdk/stripe.ts and sdk/plaid.ts, call them). Here, not with the
 * provider's facts in the boot chunk: only the runtime loads the vendor's code, and the boot's bytes are budgeted.
 */
export const DELIVERY: Readonly<Record<SdkProviderId, Delivery>> = {
  onfido: { kind: 'module', export: 'Onfido' },
  stripe: { kind: 'script', global: 'Stripe' },
  plaid: { kind: 'script', global: 'Plaid' },
  jumio: { kind: 'element', tag: 'jumio-sdk' },
};

export type Loaded = { ok: true; vendor: unknown } | { ok: false; blocked?: string };

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

export async function loadVendor(doc: Document, url: URL, delivery: Delivery): Promise<Loaded> {
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
