import type { Decoded } from '../frame/decode';
import type { Problem } from '../frame/problem';

/**
 * A provider's frame, as the element builds it (`providers/<id>.ts`): the facts (origins, `allow`, `sandbox`)
 * and the URL built from the host's inputs, or the problem with them. Pure: no DOM, no React. Its protocol (decoding
 * the frame's messages, replying) is `protocols/<id>.ts`, in the runtime.
 */

export interface FrameContext {
  /** The session URL the host gave, already validated (absolute, scheme); absent for token-only providers. */
  sessionUrl?: URL;
  /** Secret. Used to build URLs or handshakes, never logged, never put in a signal. */
  sessionToken?: string;
  options: Record<string, unknown>;
  /** The widget's language (en, es, fr, de, pt, pt-BR, ar). */
  locale: string;
  theme: 'light' | 'dark' | 'auto';
  /** The host page's origin, for providers that want it in the frame URL. */
  hostOrigin: string;
  mode: 'inline' | 'modal';
  /** When the host page is itself in frames: their origins, nearest first (`location.ancestorOrigins`). */
  ancestors?: string[];
  /** A phone-sized or touch-only screen (`(max-width: 767px), (hover: none)`, as Veriff's SDK asks). */
  mobile?: boolean;
}

/** `trust`: origins that speak for the provider in this session besides its built-in ones (a URL the host's backend gave). */
export interface Built {
  url: URL;
  trust?: string[];
}

export interface ProviderFrame<Id extends string = string> {
  readonly id: Id;
  /**
   * Built-in allowlist: exact origins, or patterns with a one-label wildcard (`https://*.web.emea-1.jumio.ai`).
   * Empty means the protocol has no home of its own (generic): the session URL's origin is trusted.
   */
  readonly origins: readonly string[];
  /** Permissions policy for the iframe's `allow` attribute. */
  readonly allow: string;
  /** `sandbox` tokens, or undefined for no sandbox attribute. */
  readonly sandbox?: string;
  /** The URL to load for these inputs, or what is wrong with them. */
  frameUrl(context: FrameContext): Built | Problem;
  /** Set for a provider delivered as the vendor's script: no iframe of the widget's own, an SDK adapter instead. */
  readonly sdk?: SdkFacts;
  /**
   * The `options` a session endpoint's answer may set for its session, over the host's (element/resolve.ts
   * `withAnswer`): what the server made with the session and the vendor's script needs besides the token (Onfido's
   * workflow run id). Never a URL: where code is loaded from stays the host's `options.sdkUrl`.
   */
  readonly answerOptions?: readonly string[];
  /**
   * For a second way into the same provider, chosen by its options (Jumio's web component, `options.sdk: true`):
   * whether these options take it. A provider's plain frame has none.
   */
  applies?(options: Record<string, unknown>): boolean;
}

/**
 * What a provider's frame says, read (`providers/<id>/talk.ts`): one rule for the boot's stand-in, which fetches it
 * with the frame bridge when it requests the frame and answers and hears the frame before the runtime is here, and for
 * the runtime's protocol after it (providers/plugin.ts `talk`).
 */
export interface ProviderTalk {
  /**
   * For a frame that waits for the host's answer before it goes on (its handshake): the answer to `message` when it
   * is that handshake, else undefined. One function for the stand-in, which answers before the runtime is here, and
   * for the runtime's protocol after it: whoever sees the handshake first answers it, once.
   */
  reply?(message: Decoded, frame: FrameOf, token: string | undefined): unknown;
  /**
   * For a frame that says when its flow is ready (`kyc-ready`) or when the person began (`kyc-start`): a reader of
   * that frame's messages, in order, with `null` for each `load` of its iframe. It tells which one is the frame's
   * ready or start, and the session it names as the runtime names it (remembered from earlier messages where the
   * provider's protocol remembers it; not yet checked against the token: the reader of the id does that). The stand-in
   * and the protocol each have a reader of their own; the machine moves to `ready` and `in-progress` once
   * (flow/machine.ts), so whoever hears it first says it, once. Where the protocol reads its frame's messages through it (Persona's container, Sumsub's
   * session, Didit's `didit:` prefix), `undefined` means the message is not this frame's and anything else that it
   * is (`said` only for the ready and the start); the others' readers give `undefined` for all but those two.
   */
  hear?(frame: FrameOf): Hear;
}

/** What one message (or a `load`) of the frame tells: its ready or its start, and the session it names. */
export interface Heard {
  said?: 'ready' | 'start';
  sessionId?: string;
}

/** A reader of one frame's messages (`null`: its iframe fired `load`), `ProviderTalk.hear`. */
export type Hear = (message: Decoded | null) => Heard | undefined;

/** The frame a reply is for: its context and the URL it was loaded with. */
export interface FrameOf {
  context: FrameContext;
  url: URL;
}

/**
 * A provider whose web integration is the vendor's own script (docs/providers/<id>.md), not a frame the widget
 * builds: `frameUrl` gives the loader's URL (the vendor's CDN, or `options.sdkUrl` on an allowlisted origin), and
 * the runtime's SDK adapter (`sdk/<id>.ts`) loads it and mounts the vendor's UI: `inline` into the widget's box,
 * `overlay` as the vendor's own window over the page (the widget says "continue in the window" meanwhile).
 */
export interface SdkFacts {
  readonly mount: 'inline' | 'overlay';
  readonly delivery: Delivery;
}

/** What a vendor load gave: the vendor's code (its module's export or its global), or why not (a CSP directive). */
export type Loaded = { ok: true; vendor: unknown } | { ok: false; blocked?: string };

/**
 * How the vendor's code arrives (element/vendor.ts loads it): an ES module and the name of its export (Onfido's
 * runtime, as its npm loader imports it), a classic script that sets a global (Stripe.js, Plaid Link), or a custom
 * element the host's page defines (Jumio's package, which the widget may not redistribute).
 */
export type Delivery =
  { kind: 'module'; export: string } | { kind: 'script'; global: string } | { kind: 'element'; tag: string };
