/**
 * The contract between the frame bridge and one provider's wire protocol.
 *
 * An adapter is pure data plus pure functions: it never touches the DOM, never imports React,
 * and never sees a message that the bridge has not already checked (source window, size, origin).
 */

export const PROVIDER_IDS = ['generic', 'persona', 'sumsub', 'veriff', 'jumio', 'idenfy', 'didit'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export type Outcome = 'approved' | 'declined' | 'pending';

/** A frame message after decoding: a parsed JSON object, or a bare string. Never anything else. */
export type Decoded = { kind: 'object'; value: Record<string, unknown> } | { kind: 'string'; value: string };

/** What a provider's message means to the widget, normalized. Only these fields ever reach a DOM event. */
export type Signal =
  | { type: 'ready'; sessionId?: string }
  | { type: 'start'; sessionId?: string }
  | { type: 'progress'; step: string; index?: number; total?: number }
  | { type: 'submit'; sessionId?: string }
  | { type: 'complete'; outcome: Outcome; sessionId?: string }
  | { type: 'cancel' }
  | {
      type: 'error';
      code: 'provider-error' | 'camera-unavailable' | 'session-expired';
      message: string;
      recoverable?: boolean;
      providerCode?: string;
    }
  | { type: 'resize'; height: number }
  | { type: 'token-expired' }
  /** Reload the widget's own frame (never the host page), e.g. Veriff's camera permission re-ask. */
  | { type: 'reload' };

export interface FrameContext {
  /** The session URL the host gave, already validated (scheme, origin); absent for token-only providers. */
  sessionUrl?: URL;
  /** Secret. Used to build URLs or handshakes, never logged, never put in a signal. */
  sessionToken?: string;
  options: Record<string, unknown>;
  /** Language subtag chosen for the widget (en, es, fr, de, pt, ar). */
  locale: string;
  theme: 'light' | 'dark' | 'auto';
  /** The host page's origin, for providers that want it in the frame URL. */
  hostOrigin: string;
}

/** What an adapter may do back to the frame during one attempt. */
export interface SessionPort {
  /** Sends to the frame with the exact frame origin as targetOrigin (the bridge enforces this). */
  post(message: unknown): void;
  /** The current token (it may change after a refresh). */
  token(): string | undefined;
  readonly context: FrameContext;
  /**
   * The URL the frame was loaded with (what `frameUrl` returned for this attempt). Optional: adapters
   * that bind to an id they put in the URL (Persona `container-id`, Sumsub frame id) read it from here,
   * and fall back to binding on the first message when a bridge does not provide it.
   */
  readonly frameUrl?: URL;
}

/** One attempt's protocol state (handshakes, bound session ids, seen events). */
export interface ProviderSession {
  /** The iframe fired `load` (a navigation inside the frame fires it again). */
  onLoad?(): Signal[];
  /** A message that passed the bridge's guard. Must not throw on any input. */
  receive(message: Decoded): Signal[];
  /** A refreshed token is available (or null when the refresh failed, with a reason). */
  tokenRefreshed?(token: string | null, error?: string): void;
}

export type FrameUrlResult = { ok: true; url: URL } | { ok: false; message: string };

export interface ProviderAdapter {
  readonly id: ProviderId;
  /**
   * Built-in allowlist: exact origins, or patterns with a one-label wildcard (`https://*.web.emea-1.jumio.ai`).
   * Empty means the protocol has no home of its own (generic): the session URL's origin is trusted.
   */
  readonly origins: readonly string[];
  /** Feature policy for the iframe's `allow` attribute. */
  readonly allow: string;
  /** `sandbox` tokens, or undefined for no sandbox attribute. */
  readonly sandbox?: string;
  readonly allowFullscreen?: boolean;
  /** True when the frame needs a token rather than (or besides) a session URL. */
  readonly needsToken?: boolean;
  /** Builds the URL to load from the host's inputs; says what is wrong in English otherwise. */
  frameUrl(context: FrameContext): FrameUrlResult;
  /** A fresh protocol state for one attempt. */
  createSession(port: SessionPort): ProviderSession;
}
