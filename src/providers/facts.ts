import { safeUrl } from '../frame/allow';
import type { FrameContext } from './types';

/**
 * Every provider's frame, as the boot chunk builds it: the facts (origins, `allow`, `sandbox`) and the URL
 * builders. The runtime's `providers/<id>/frame.ts` checks the host's inputs (with a sentence for each
 * problem), then calls the same builders; the boot calls them only for inputs that need no checking
 * (`fast`), and leaves everything else to the runtime (`undefined`: the boot defers). A unit test runs
 * both over a corpus: the boot defers, or builds exactly the runtime's frame.
 */

export interface Facts {
  /** Exact origins or one-label wildcards (`https://*.web.emea-1.jumio.ai`); empty: the session URL's origin. */
  readonly origins: readonly string[];
  /** Permissions policy for the iframe's `allow` attribute. */
  readonly allow: string;
  /** `sandbox` tokens, or undefined for no sandbox attribute. */
  readonly sandbox?: string;
  /** The frame for inputs that need no checking, else undefined (the runtime decides, with its messages). */
  readonly fast: (context: FrameContext) => URL | undefined;
}

export const PERSONA_HOSTS = [
  'https://inquiry.withpersona.com',
  'https://canary.withpersona.com',
  'https://inquiry.withpersona-staging.com',
] as const;
export const SUMSUB_DEFAULT_BASE = 'https://in.sumsub.com';
export const IDENFY_HOST = 'https://ui.idenfy.com';
export const IDENFY_KYB_HOST = 'https://kyb.ui.idenfy.com';
export const DIDIT_HOST = 'https://verify.didit.me';
export const YOTI_HOST = 'https://api.yoti.com';
export const CAF_HOST = 'https://cadastro.io';

// ---- helpers shared with the runtime's frame checks ------------------------------------------------------

/** Sets a query parameter unless the host's URL already has it (the host's explicit choice wins). */
export function setMissing(url: URL, name: string, value: string | undefined): void {
  if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
}

/** A secret as the host passed it: non-empty, bounded, no whitespace or control characters. */
export function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

/** A copy of a URL the host gave (the builders add to it). */
export const copy = (url: URL): URL => new URL(url.href);

/**
 * For providers that read options: the boot builds only when there are none, and leaves any options, with the
 * rest of the inputs, to the runtime's checks (a page that gives options waits for the runtime).
 */
const bare =
  (fast: Facts['fast']): Facts['fast'] =>
  (context) =>
    Object.keys(context.options).length ? undefined : fast(context);

/** The token, when the host gave none or a well-formed one; false when it gave a malformed one. */
const given = (token: string | undefined): string | undefined | false =>
  token === undefined ? undefined : (tokenOf(token) ?? false);

/** Providers whose frame is the session URL as issued. */
const sessionUrlOnly = (origins: readonly string[], allow: string): Facts => ({
  origins,
  allow,
  fast: ({ sessionUrl }) => sessionUrl && copy(sessionUrl),
});

// ---- builders ------------------------------------------------------------------------------------------

/** Veriff: the session URL with `lang` added. */
export const veriffUrl = (sessionUrl: URL, language: string): URL => {
  const url = copy(sessionUrl);
  setMissing(url, 'lang', language);
  return url;
};

/** iDenfy: the session URL (or KYB's frame, from the runtime), else its frame; `authToken` and `lang` added. */
export function idenfyUrl(sessionUrl: URL | undefined, token: string | undefined, language: string): URL {
  const url = sessionUrl ? copy(sessionUrl) : new URL('/', IDENFY_HOST);
  setMissing(url, 'authToken', token);
  setMissing(url, 'lang', language);
  return url;
}

/** Didit: the session URL (or the runtime's `/session/<token>`), embedded (the runtime adds the SDK's camera parameters). */
export function diditUrl(sessionUrl: URL): URL {
  const url = copy(sessionUrl);
  setMissing(url, 'sdk_presentation', 'embedded');
  return url;
}

/**
 * Persona's URL after its base, in persona 5.9's order: everything the widget derives up to the frame's own id. The
 * framing parameters (`frame-ancestors[i]`, `message-target-origin`) come last: the runtime adds them (on a framed
 * page, or from options; the boot leaves both to it).
 */
export function personaUrl(
  url: URL,
  token: string | undefined,
  extra: ReadonlyArray<[string, string]>,
  context: FrameContext,
): URL {
  const { hostOrigin, locale, mode, theme } = context;
  setMissing(url, 'session-token', token);
  // The host's pass-through options as query pairs.
  for (const [name, value] of extra) setMissing(url, name, value);
  if (hostOrigin !== 'null') setMissing(url, 'iframe-origin', hostOrigin);
  setMissing(url, 'language', locale);
  // Persona's modal flow is `embedded` (shown on {action: "open"}); its in-page flow (persona-react's inline inquiry) is `inline`.
  setMissing(url, 'flow-type', mode === 'modal' ? 'embedded' : 'inline');
  // Persona's documented theme-set variants: `base` and `dark`.
  if (theme !== 'auto') setMissing(url, 'style-variant', theme === 'dark' ? 'dark' : 'base');
  setMissing(url, 'container-id', randomId('kyc-widget-'));
  return url;
}

/** A per-attempt id that no other frame on the page can guess. */
export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sumsub: `<base>/websdk/websdk.html?_=id_<base64 token>[&theme=…]`, the host's other parameters after.
 * A base already ending in the frame's path keeps its query.
 */
export function sumsubUrl(base: URL, token: string, theme: FrameContext['theme']): URL {
  const path = '/websdk/websdk.html';
  let url = copy(base);
  if (!base.pathname.endsWith(path)) {
    url = new URL(base.origin);
    url.pathname = base.pathname.replace(/\/+$/, '') + path;
  }
  url.searchParams.delete('_');
  url.searchParams.delete('theme');
  const rest = url.search.slice(1);
  url.search = `?_=${frameIdFor(token)}${theme !== 'auto' ? `&theme=${theme}` : ''}${rest ? `&${rest}` : ''}`;
  return url;
}

/** `_act-sbx-jwt-<header>.<payload>.<sig>` (or `_act-jwt-…`, `-v2`): the first part whose JSON has a `url`. */
export function baseFromToken(token: string): string | undefined {
  const prefix = ['_act-sbx-jwt-', '_act-jwt-'].find((p) => token.startsWith(p));
  if (!prefix) return undefined;
  for (const part of token.slice(prefix.length).replace('-v2', '').split('.')) {
    try {
      const url = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { url?: unknown } | null)?.url;
      if (typeof url === 'string' && url) return url;
    } catch {
      // not base64 JSON: the next part
    }
  }
  return undefined;
}

/** Sumsub's frame id: `id_` and the token's UTF-8 bytes in standard base64, as the WebSDK writes it. */
export function frameIdFor(token: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(token)) binary += String.fromCharCode(byte);
  return `id_${btoa(binary)}`;
}

// ---- the table ----------------------------------------------------------------------------------------

const TABLE = {
  generic: sessionUrlOnly([], 'camera; microphone; fullscreen; clipboard-write'),
  persona: {
    origins: PERSONA_HOSTS,
    allow: 'camera;microphone;clipboard-write;publickey-credentials-create;publickey-credentials-get',
    sandbox:
      'allow-scripts allow-same-origin allow-popups allow-forms allow-modals allow-top-navigation-by-user-activation',
    // On a framed page Persona needs the framing parameters: the runtime's.
    fast: bare((context) => {
      const token = given(context.sessionToken);
      if (!context.sessionUrl || token === false || context.ancestors) return undefined;
      return personaUrl(copy(context.sessionUrl), token, [], context);
    }),
  },
  sumsub: {
    origins: [SUMSUB_DEFAULT_BASE, 'https://api.sumsub.com'],
    allow: 'camera; microphone; geolocation; clipboard-write; hid',
    // A token alone, Sumsub's usual shape: its base is its `url` claim, else in.sumsub.com (a claimed base
    // outside Sumsub's own origins fails the boot's allowlist: the runtime trusts it).
    fast: bare(({ sessionUrl, sessionToken, theme }) => {
      const token = tokenOf(sessionToken);
      const base = sessionUrl ?? safeUrl(token && (baseFromToken(token) ?? SUMSUB_DEFAULT_BASE));
      return token && typeof base === 'object' ? sumsubUrl(base, token, theme) : undefined;
    }),
  },
  veriff: {
    origins: ['https://alchemy.veriff.com', 'https://magic.veriff.me'],
    allow: 'autoplay; camera; microphone; fullscreen; accelerometer; magnetometer; gyroscope; picture-in-picture',
    fast: bare(({ sessionUrl, locale }) => sessionUrl && veriffUrl(sessionUrl, locale)),
  },
  jumio: sessionUrlOnly(
    [
      'https://*.web.amer-1.jumio.ai',
      'https://*.web.emea-1.jumio.ai',
      'https://*.web.apac-1.jumio.ai',
      'https://*.netverify.com',
    ],
    'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
  ),
  idenfy: {
    origins: [IDENFY_HOST, IDENFY_KYB_HOST],
    // iDenfy's docs: allow="camera" allowfullscreen. As one `allow` list (both together make Chromium warn on every load).
    allow: 'camera; fullscreen',
    fast: bare(({ sessionUrl, sessionToken, locale }) => {
      const token = given(sessionToken);
      return token !== false && (sessionUrl || token) ? idenfyUrl(sessionUrl, token, locale) : undefined;
    }),
  },
  didit: {
    origins: [DIDIT_HOST],
    // As @didit-protocol/sdk-web 0.4 sets it, with the clipboard Didit's current docs list.
    allow: 'camera; microphone; fullscreen; autoplay; encrypted-media; geolocation; clipboard-write',
    // A token alone (`/session/<token>`) is the runtime's.
    fast: bare(({ sessionUrl }) => sessionUrl && diditUrl(sessionUrl)),
  },
  yoti: {
    origins: [YOTI_HOST],
    // Yoti's docs: allow="camera", nothing else.
    allow: 'camera',
    fast: bare(({ sessionUrl, sessionToken }) => {
      // The runtime's yotiUrl for a URL that already names the session: the token added where it is missing.
      const token = given(sessionToken);
      if (!sessionUrl?.searchParams.get('sessionID') || token === false) return undefined;
      const url = copy(sessionUrl);
      setMissing(url, 'sessionToken', token);
      return url.searchParams.has('sessionToken') ? url : undefined;
    }),
  },
  veratad: sessionUrlOnly(
    ['https://vx-fe.dcams.app', 'https://fe.dcams.app', 'https://frontend.dcams.app', 'https://vx-fe.idresponse.com'],
    // Veratad's docs: allow="camera" allowfullscreen, as one `allow` list.
    'camera; fullscreen',
  ),
  // The onboarding link; a token alone (`https://cadastro.io/<token>`) is the runtime's.
  caf: sessionUrlOnly(
    [CAF_HOST, 'https://*.cadastro.io', 'https://*.beta.cadastro.io'],
    // CAF's docs: allow="camera;geolocation" (the location goes to CAF's trust platform).
    'camera; geolocation',
  ),
  zignsec: sessionUrlOnly(
    [
      'https://gateway.zignsec.com',
      'https://test-gateway.zignsec.com',
      'https://api.zignsec.com',
      'https://test.zignsec.com',
    ],
    // ZignSec documents no allow list: the document and selfie captures need the camera.
    'camera',
  ),
} satisfies Record<string, Facts>;

export type ProviderId = keyof typeof TABLE;

/** Every provider's frame facts and builder, by id. */
export const FACTS: Readonly<Record<ProviderId, Facts>> = TABLE;

export function isProviderId(id: unknown): id is ProviderId {
  return typeof id === 'string' && Object.hasOwn(FACTS, id);
}
