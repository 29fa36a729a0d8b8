/**
 * One provider's wire protocol (`protocols/<id>.ts`, in the runtime): the decoder of the frame's messages and the
 * replies. Pure: it never touches the DOM, never imports React, and never sees a message that the bridge has not
 * already checked (source window, then origin) and `decode.ts` has not bounded.
 */
import type { Decoded } from '../frame/decode';
import type { FrameContext } from '../providers/types';

export type Outcome = 'approved' | 'declined' | 'pending';

/** The error codes a frame can cause (the rest of the README's error codes come from the widget itself). */
export type FrameErrorCode = 'provider-error' | 'camera-unavailable' | 'session-expired' | 'frame-load-timeout';

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
  /**
   * A message that passed the bridge's guard. Must not throw on any input. `answered`: the stand-in already gave
   * the frame's handshake its answer (the provider's `reply`) before the runtime was here: do not answer again.
   */
  receive(message: Decoded, answered?: boolean): Signal[];
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
