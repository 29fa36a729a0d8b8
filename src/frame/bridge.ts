import { frameElement, type CapturedFrame, type FrameLook } from './capture';
import type { FrameOf, Heard, ProviderTalk } from '../providers/types';
import { decodeMessage, type Decoded } from './decode';
import { leaker } from './secrets';

/**
 * The iframe and its guarded `message` listener. Framework-free: it exists before any UI
 * does, and it owns the listener from the moment the iframe exists.
 *
 * Guard order for every incoming message (cheapest and strongest first):
 *   1. `event.source` is this bridge's own iframe window — anything else is another window's business;
 *   2. `event.origin` is on the allowlist — the frame may have navigated somewhere else.
 * Only what passed both, and the iframe's `load` events, go on, in order: to the runtime's sink once it drains the
 * bridge (runtime/attempt.ts: it decodes, then hands to the provider's decoder, and posts back), else into a queue
 * (at most MAX_WAITING) until it does. Meanwhile a frame that waits for the host's answer to its handshake gets it
 * from `reply` (the provider's, providers/types.ts), posted to the exact origin that spoke; the queued message says
 * it was answered, so that the protocol does not answer it again. And `heard` hears it, after its answer, and each
 * `load`: the stand-in reads the frame's ready and start there (element/stand-in.ts), only ever in what passed the
 * guard.
 */

/** The origins that may speak for the frame (frame/origins.ts, OriginAllowlist). */
export interface Allowlist {
  has(origin: string): boolean;
}

export interface FrameSpec extends FrameLook {
  allowlist: Allowlist;
  /** Until the runtime drains the bridge: the answer to a frame's handshake, or undefined. */
  reply?: (message: Decoded) => unknown;
  /** Until the runtime drains the bridge: each message that passed the guard, decoded, after its answer; null: a load. */
  heard?: (message: Decoded | null) => void;
}

/**
 * A guarded message, not yet decoded (`answered`: its handshake got the bridge's reply); null is a `load` event (a
 * navigation inside the frame fires it again).
 */
export type Guarded = { data: unknown; origin: string; answered?: true } | null;

/** The counts debug mode logs (runtime/attempt.ts `stats`): messages handed on, and messages turned away. */
export interface BridgeStats {
  accepted: number;
  ignored: number;
}

/** Beyond this many messages before the decoder arrives, the frame is flooding: the rest are ignored. */
const MAX_WAITING = 1000;

export class FrameBridge {
  /** Messages turned away (the guard, or a full queue); the runtime's attempt counts its own. */
  ignored = 0;
  #iframe: HTMLIFrameElement | null = null;
  #allowlist: Allowlist | null = null;
  #reply: FrameSpec['reply'];
  #heard: FrameSpec['heard'];
  #sink: ((item: Guarded) => void) | null = null;
  #waiting: Guarded[] = [];
  readonly #container: HTMLElement;

  constructor(container: HTMLElement) {
    this.#container = container;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#iframe;
  }

  /**
   * Creates the iframe and starts its request, or takes over `rendered`, one requested already: the server-rendered
   * one, or the stand-in's (frame/capture.ts), never moved, so never reloaded. What its capture kept goes through the
   * same guard as what comes next, in order, in this task. A rendered frame without a capture (a CSP that refused the
   * script) is loaded again: what it said meanwhile is lost. The listener is in place before the frame can speak.
   */
  load(spec: FrameSpec, rendered?: CapturedFrame | null): void {
    this.destroy();
    this.#allowlist = spec.allowlist;
    this.#reply = spec.reply;
    this.#heard = spec.heard;
    const doc = this.#container.ownerDocument;
    const iframe = rendered ?? frameElement(doc, spec);
    const capture = rendered?.kyc;
    iframe.addEventListener('load', this.#onLoad);
    doc.defaultView?.addEventListener('message', this.#onMessage);
    this.#iframe = iframe;
    if (capture) {
      // The capture's listeners go, and what it hung on the iframe: nothing of it stays once drained.
      capture.off();
      delete rendered.kyc;
      for (const event of capture.q.splice(0))
        if (event.type === 'load') this.#onLoad();
        else this.#onMessage(event as MessageEvent);
    } else iframe.src = spec.url.href;
    if (!rendered) this.#container.append(iframe);
  }

  /** Hands this frame's guarded messages and loads to `sink`: first those that waited, then each as it comes. */
  drain(sink: (item: Guarded) => void): void {
    if (!this.#iframe) return;
    this.#sink = sink;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const item of waiting) {
      if (this.#sink !== sink) return; // the sink stopped the frame while handling one
      sink(item);
    }
  }

  /** Removes the listener and the iframe (which also releases the camera). Safe to call twice. */
  destroy(): void {
    const iframe = this.#iframe;
    this.#sink = null;
    this.#waiting = [];
    if (!iframe) return;
    iframe.ownerDocument.defaultView?.removeEventListener('message', this.#onMessage);
    iframe.removeEventListener('load', this.#onLoad);
    iframe.remove();
    this.#iframe = null;
    this.#allowlist = null;
    this.#reply = this.#heard = undefined;
  }

  #deliver(item: Guarded): void {
    if (this.#sink) this.#sink(item);
    else if (this.#waiting.length < MAX_WAITING) this.#waiting.push(item);
    else this.ignored++;
  }

  readonly #onLoad = (): void => {
    if (!this.#iframe) return;
    // Before the runtime is here, `heard` hears the loads too (a frame whose first load is its ready).
    if (!this.#sink) this.#heard?.(null);
    this.#deliver(null);
  };

  readonly #onMessage = (event: MessageEvent): void => {
    const iframe = this.#iframe;
    if (
      !iframe ||
      event.source === null ||
      event.source !== iframe.contentWindow ||
      !this.#allowlist?.has(event.origin)
    ) {
      this.ignored++;
      return;
    }
    const item: Guarded = { data: event.data, origin: event.origin };
    if (!this.#sink && (this.#reply || this.#heard)) this.#early(iframe, item);
    this.#deliver(item);
  };

  /** Before the runtime is here: a handshake's answer (the provider's reply, to the origin that spoke), then `heard`. */
  #early(iframe: HTMLIFrameElement, item: NonNullable<Guarded>): void {
    const message = decodeMessage(item.data);
    if (!message) return;
    const reply = this.#reply?.(message);
    if (reply !== undefined && reply !== null)
      try {
        iframe.contentWindow?.postMessage(reply, item.origin);
        item.answered = true;
      } catch {
        // The frame went away meanwhile: the runtime's protocol answers the queued message instead.
      }
    this.#heard?.(message);
  }
}

/**
 * The stand-in's bridge (element/stand-in.ts): it takes over `iframe`, requested already with `spec`, answers its
 * handshake with the frame's own token (its provider's `talk`) and hands its ready and start to `said`, with the
 * session they name only if that is no secret.
 */
export function earlyBridge(
  box: HTMLElement,
  spec: FrameSpec,
  iframe: CapturedFrame,
  talk: ProviderTalk | undefined,
  frame: FrameOf,
  said: (said: NonNullable<Heard['said']>, sessionId: string | undefined) => void,
): FrameBridge {
  const token = frame.context.sessionToken;
  const leaks = leaker([token]);
  const hear = talk?.hear?.(frame);
  const bridge = new FrameBridge(box);
  bridge.load(
    {
      ...spec,
      reply: talk?.reply && ((message) => talk.reply!(message, frame, token)),
      heard: (message) => {
        const heard = hear?.(message);
        if (heard?.said) said(heard.said, leaks(heard.sessionId) ? undefined : heard.sessionId);
      },
    },
    iframe,
  );
  return bridge;
}
