import { BY_PROPERTY, coerce, defaults, InvalidJson, type Inputs } from '../element/inputs';
import { FRAME_TITLE, resolveLanguage } from '../element/language';
import { resolveFrame } from '../element/resolve';
import { WARM_SANDBOX, warmOrigin } from '../element/warm-up';
import { CAPTURE_ATTRIBUTE, CAPTURE_SCRIPT, PROBLEM_ATTRIBUTE } from '../frame/capture';
import { Problem } from '../frame/problem';
import { ALL_PROVIDERS } from '../providers/all';
import { carries, frameFor, isProviderId, register } from '../providers/registry';
import type { Delivery } from '../providers/types';
import { ENTRY_PRELOADS } from './preloads';

/**
 * `renderKycWidget(input) → string`: the element as HTML, with a declarative shadow root holding the skeleton the
 * element builds (element/skeleton.ts) and, for valid inputs, the provider's iframe built by the same resolution and
 * builders the browser runs (element/resolve.ts, providers/<id>/frame.ts), then the constant capture script
 * (frame/capture.ts). The frame is requested while the page is parsed; the element adopts the root and the frame
 * when its script arrives. An SDK-hosted provider (Onfido, Stripe, Plaid, Jumio's web component) has no frame: its
 * vendor's code is a script, never a document, so it gets a preload of that script before the element, which the
 * widget's loader then uses, and (with `widgetScript`) module preloads of the widget's entry and the chunks it mounts
 * with; the element mounts the vendor's code as without a server. Inline mode only. Bad input fails closed: no frame,
 * and the reason on the element for it to report as `config-invalid`. Guide: docs/server.md.
 */

// The renderer knows every provider: it builds their frames (what the runtime fetches for them, never). So it takes
// `auto` as the all-in bundle does: with a session endpoint, no frame is rendered, and the page's element asks it.
register(...ALL_PROVIDERS);
carries.all = true;

export interface RenderKycWidgetInput {
  provider: string;
  sessionUrl?: string;
  /** Secret: written only where the provider's own builder puts it into the frame URL (never as an attribute). */
  sessionToken?: string;
  sessionEndpoint?: string;
  decisionEndpoint?: string;
  allowedOrigins?: string | readonly string[];
  options?: Record<string, unknown> | string;
  /** BCP 47; default `en` for the frame URL (the element's own text follows the page's `lang` when absent). */
  locale?: string;
  theme?: 'light' | 'dark' | 'auto';
  loadTimeout?: number;
  /** The origin of the page the widget is rendered into (`https://app.example`): the frame's host origin. */
  pageOrigin: string;
  /** The page's CSP nonce, put on the capture script (or allow `KYC_CAPTURE_SHA256`). */
  nonce?: string;
  /**
   * The URL the page loads the widget's script from (`/assets/kyc-widget-stripe.js`): for an SDK-hosted provider, it
   * and the chunks it fetches before the mount are preloaded with the vendor's code (`widgetPreloads`).
   */
  widgetScript?: string;
}

/** The capture script's SHA-256, as a CSP hash source: `script-src 'sha256-…'` (quotes added by the host). */
export const KYC_CAPTURE_SHA256 = 'sha256-xh5HPnkvLfxq0mG3JwepaE2C3kkk/24TdXyueMCuGpc=';

/**
 * The headers a response carrying a rendered widget needs: the frame URL (and, for some providers, a token) is in
 * the HTML, so no shared cache may keep it and no cache may store it (SECURITY.md).
 */
export const KYC_RENDERED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'private, no-store',
});

/** Rendered as attributes, in this order; `sessionToken` never is. */
const RENDERED = [
  'provider',
  'sessionUrl',
  'sessionEndpoint',
  'decisionEndpoint',
  'allowedOrigins',
  'options',
  'locale',
  'theme',
  'loadTimeout',
] as const;

/** Text for a double-quoted attribute value or element text: nothing in it can end the value or open a tag. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const attr = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

export function renderKycWidget(input: RenderKycWidgetInput): string {
  const given = (input ?? {}) as Partial<RenderKycWidgetInput>;
  const inputs: Inputs = defaults();
  let attributes = '';
  for (const property of RENDERED) {
    let value: unknown = given[property];
    if (value === undefined || value === null) continue;
    if (property === 'allowedOrigins' && Array.isArray(value)) value = value.join(' ');
    const row = BY_PROPERTY.get(property)!;
    const text = typeof value === 'string' ? value : property === 'options' ? jsonText(value) : String(value);
    // As the element reads it: the same parser (options as the object itself, so its problem is named exactly).
    (inputs as unknown as Record<string, unknown>)[property] = coerce(row, text ?? value);
    if (text !== undefined) attributes += attr(row.attribute, text);
  }
  inputs.sessionToken = typeof given.sessionToken === 'string' ? given.sessionToken : undefined;

  const refused = problemOf(inputs, given);
  let frame = '';
  let hint = '';
  if (refused) attributes += attr(PROBLEM_ATTRIBUTE, JSON.stringify([refused.code, refused.at, jsonSafe(refused.got)]));
  else {
    const resolution = resolveFrame(loaderOnly(inputs), {
      locale: resolveLanguage(inputs.locale) ?? 'en',
      hostOrigin: given.pageOrigin!,
      baseUrl: `${given.pageOrigin!}/`,
    });
    if (resolution.kind === 'invalid') {
      const { code, at, got } = resolution.problem;
      attributes += attr(PROBLEM_ATTRIBUTE, JSON.stringify([code, at, jsonSafe(got)]));
    } else if (resolution.kind === 'ok' && resolution.frame.provider.sdk) {
      hint =
        vendorHint(resolution.frame.provider.sdk.delivery, resolution.frame.url, given.nonce) +
        widgetPreloads(given.widgetScript, given.nonce);
    } else if (resolution.kind === 'ok' && !tokenInMessage(inputs)) {
      const { provider, url } = resolution.frame;
      frame =
        `<iframe part="frame" class="frame"${attr('title', FRAME_TITLE)}${attr('allow', provider.allow)}` +
        (provider.sandbox === undefined ? '' : attr('sandbox', provider.sandbox)) +
        ` referrerpolicy="strict-origin-when-cross-origin"${attr('src', url.href)}></iframe>` +
        `<script${typeof given.nonce === 'string' ? attr('nonce', given.nonce) : ''}>${CAPTURE_SCRIPT}</script>`;
      attributes += ` ${CAPTURE_ATTRIBUTE}`;
    }
  }
  return (
    `${hint}<kyc-widget${attributes}><template shadowrootmode="open">` +
    '<div class="root" part="container"><div class="stage"><div class="frame-box" part="frame-container">' +
    `${frame}</div></div></div></template></kyc-widget>`
  );
}

/**
 * Providers whose token the browser hands over, never in a URL: Sumsub (idCheck.init) and Yoti's post launch
 * (INIT_SESSION) in a message to the frame, the SDK-hosted ones to the vendor's code. The token is never written
 * into the page: they render without a frame, and the element starts them as it does without a server, from its
 * session endpoint (or a `sessionToken` the page's script sets).
 */
function tokenInMessage(inputs: Inputs): boolean {
  const options = inputs.options as Record<string, unknown>;
  return (
    inputs.provider === 'sumsub' || (inputs.provider === 'yoti' && options.launch === 'post') || isSdkHosted(inputs)
  );
}

function isSdkHosted(inputs: Inputs): boolean {
  const options = inputs.options as Record<string, unknown>;
  return isProviderId(inputs.provider) && frameFor(inputs.provider, options)?.sdk !== undefined;
}

/**
 * An SDK-hosted provider's loader URL does not depend on its token (providers/sdk-url.ts): without one (the element
 * asks its endpoint, or the page's script sets it), it is resolved with a stand-in, so the hint is written either
 * way. The stand-in goes nowhere: an SDK-hosted provider renders no frame.
 */
function loaderOnly(inputs: Inputs): Inputs {
  return isSdkHosted(inputs) && !inputs.sessionToken ? { ...inputs, sessionToken: 'loader-only' } : inputs;
}

/**
 * What starts fetching an SDK-hosted provider's code while the page is parsed: a module preload (Onfido's runtime,
 * which the loader imports), or a script preload (Stripe.js, Plaid Link, which the loader adds as a classic script
 * with the same URL and no `crossorigin`, so the browser uses the preloaded response). Nothing for Jumio's web
 * component: the host's page imports its package, and its URL is an API the element calls.
 */
function vendorHint(delivery: Delivery, url: URL, nonce: unknown): string {
  const withNonce = nonceOf(nonce);
  if (delivery.kind === 'module') return `<link rel="modulepreload"${attr('href', url.href)}${withNonce}>`;
  if (delivery.kind === 'script') return `<link rel="preload" as="script"${attr('href', url.href)}${withNonce}>`;
  return '';
}

const nonceOf = (nonce: unknown) => (typeof nonce === 'string' ? attr('nonce', nonce) : '');

/**
 * The widget's script and the chunks it fetches before it mounts an SDK-hosted provider's code, as module preloads:
 * requested while the page is parsed, beside the vendor's code, and taken from the module map when the entry imports
 * them (one download each). The chunks are those `npm run build` recorded for the script's file name
 * (dist/preload.json: the standalone entries, whose chunks' names are hashes), at the same path as the script; a
 * renamed file gets the script's preload alone. A `script` that is not an http(s) URL or a path writes nothing.
 */
export function widgetPreloads(script: unknown, nonce: unknown, preloads = ENTRY_PRELOADS): string {
  if (
    typeof script !== 'string' ||
    !script ||
    !/^https?:$/.test(urlOf(script, 'https://page.invalid/')?.protocol ?? '')
  )
    return '';
  const path = script.split(/[?#]/)[0]!;
  const base = path.slice(0, path.lastIndexOf('/') + 1);
  const file = path.slice(base.length);
  const chunks = Object.hasOwn(preloads, file) ? preloads[file]! : [];
  return [script, ...chunks.map((chunk) => base + chunk)]
    .map((href) => `<link rel="modulepreload"${attr('href', href)}${nonceOf(nonce)}>`)
    .join('');
}

function urlOf(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** What only the server can see wrong: the page's origin, or a message-borne token with no way to reach the frame. */
function problemOf(inputs: Inputs, given: Partial<RenderKycWidgetInput>): Problem | undefined {
  const origin = given.pageOrigin;
  const parsed = typeof origin === 'string' ? urlOf(origin) : undefined;
  if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol))
    return new Problem('page-origin', 'pageOrigin', typeof origin === 'string' ? origin : typeof origin);
  if (inputs.options instanceof InvalidJson) return undefined; // the element finds it in the attribute
  if (tokenInMessage(inputs) && !inputs.sessionEndpoint && inputs.sessionToken)
    return new Problem('message-token', inputs.provider);
  return undefined;
}

function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A problem's `got` as JSON can carry it (an error by its message). */
function jsonSafe(got: unknown): unknown {
  if (got instanceof Error) return got.message;
  const text = got === undefined ? undefined : jsonText(got);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

/**
 * For a page's shell, sent before the session is known (a streamed response). A frame provider: a
 * `<link rel="preconnect">` and a hidden warm-up frame sandboxed to its own origin, no script (element/warm-up.ts says
 * why a cross-site frame's connection needs a frame, and why its sandbox keeps the origin: it starts the renderer the
 * real frame shares) for the origin the provider's frame will come from: the first exact `allowedOrigins` entry,
 * else the provider's own. An SDK-hosted provider: the preloads `renderKycWidget` writes, of its vendor's code (its
 * `options` as the element gets them: `sdkUrl`, Stripe's `publishableKey`) and, with `widgetScript`, of the widget's
 * entry and chunks. Empty when there is none.
 */
export function renderKycWarmUp(input: {
  provider: string;
  allowedOrigins?: string | readonly string[];
  options?: Record<string, unknown> | string;
  nonce?: string;
  widgetScript?: string;
}): string {
  const given = input?.allowedOrigins;
  const inputs: Inputs = {
    ...defaults(),
    provider: String(input?.provider),
    allowedOrigins: Array.isArray(given) ? given.join(' ') : (given as string | undefined),
  };
  if (input?.options !== undefined) {
    const options = typeof input.options === 'string' ? input.options : jsonText(input.options);
    inputs.options = coerce(BY_PROPERTY.get('options')!, options ?? input.options) as Inputs['options'];
  }
  if (isSdkHosted(inputs)) {
    const resolution = resolveFrame(loaderOnly(inputs), { locale: 'en', hostOrigin: SHELL, baseUrl: `${SHELL}/` });
    const sdk = resolution.kind === 'ok' ? resolution.frame.provider.sdk : undefined;
    if (!sdk || resolution.kind !== 'ok') return '';
    return (
      vendorHint(sdk.delivery, resolution.frame.url, input.nonce) + widgetPreloads(input.widgetScript, input.nonce)
    );
  }
  const origin = warmOrigin(inputs);
  if (!origin) return '';
  return (
    `<link rel="preconnect"${attr('href', origin)}>` +
    `<iframe hidden${attr('sandbox', WARM_SANDBOX)} referrerpolicy="no-referrer"${attr('src', `${origin}/robots.txt`)}></iframe>`
  );
}

/** The shell's page, unknown here: an SDK-hosted provider's loader URL never depends on it. */
const SHELL = 'https://shell.invalid';
