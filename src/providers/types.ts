/**
 * The contract between the frame bridge and one provider's wire protocol, in two parts:
 *
 * - `ProviderFrame` (`<id>/frame.ts`, in the first chunk): what it takes to request the provider's frame —
 *   the URL built from the host's inputs, the built-in origins, `allow` and `sandbox`. Every provider's is
 *   in the first chunk, so that the frame request never waits for a download.
 * - `ProviderProtocol` (`<id>/protocol.ts`, in the lazy protocols chunk): the decoder and the replies.
 *   The bridge holds the frame's first messages until it arrives.
 *
 * Both are pure: they never touch the DOM, never import React, and never see a message that the bridge
 * has not already checked (source window, origin, size).
 */
import type { Decoded } from '../protocols/decode';

export type Outcome = 'approved' | 'declined' | 'pending';

/** The error codes a frame can cause (the rest of the README's error codes come from the widget itself). */
export type FrameErrorCode = 'provider-error' | 'camera-unavailable' | 'session-expired';

/** What a provider's message means to the widget, normalized. Only these fields ever reach a DOM event. */
export type Signal =
  | { type: 'ready'; sessionId?: string }
  | { type: 'start'; sessionId?: string }
  | { type: 'progress'; step: string; index?: number; total?: number }
  | { type: 'submit'; sessionId?: string }
  | { type: 'complete'; outcome: Outcome; sessionId?: string }
  | { type: 'cancel' }
  /** The provider's flow ended on this problem. */
  | { type: 'error'; code: FrameErrorCode; message: string; recoverable?: boolean; providerCode?: string }
  /** A problem the provider's own flow handles (the person can redo the step): the flow goes on. */
  | { type: 'warning'; code: FrameErrorCode | 'offline'; message: string; providerCode?: string }
  | { type: 'resize'; height: number }
  | { type: 'token-expired' }
  /** Reload the widget's own frame (never the host page), e.g. Veriff's camera permission re-ask. */
  | { type: 'reload' }
  /** The person asked to leave from inside the frame: confirm with them, then cancel (Didit's close). */
  | { type: 'close-request' };

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
export type FrameUrlResult = { ok: true; url: URL; trust?: string[] } | { ok: false; message: string };

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
  /** Builds the URL to load from the host's inputs; says what is wrong in English otherwise. */
  frameUrl(context: FrameContext): FrameUrlResult;
}

/** What an adapter may do back to the frame during one attempt. */
export interface SessionPort {
  /** Sends to the frame with the exact frame origin as targetOrigin (the bridge enforces this). */
  post(message: unknown): void;
  /** The current token (it may change after a refresh). */
  token(): string | undefined;
  readonly context: FrameContext;
  /** The URL the frame was loaded with (what `frameUrl` returned for this attempt). */
  readonly frameUrl: URL;
}

/** One attempt's protocol state (handshakes, bound session ids, seen events). */
export interface ProviderSession {
  /** The iframe fired `load` (a navigation inside the frame fires it again). */
  onLoad?(): Signal[];
  /** A message that passed the bridge's guard. Must not throw on any input. */
  receive(message: Decoded): Signal[];
  /** A refreshed token is available (or null when the refresh failed, with a reason). */
  tokenRefreshed?(token: string | null, error?: string): void;
  /**
   * The host changed the language or theme while the frame runs. Only protocols that can pass it on
   * implement this; for the others the change applies at the next start (each provider's docs page says).
   */
  settingsChanged?(settings: { locale: string; theme: FrameContext['theme'] }): void;
}

export interface ProviderProtocol {
  /** A fresh protocol state for one attempt. */
  createSession(port: SessionPort): ProviderSession;
}
