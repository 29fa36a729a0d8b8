import type { Decoded } from './decode';
import type { OriginAllowlist } from './origins';

/**
 * The iframe and its message channel. Framework-free: it exists before any UI does, and it owns the
 * `message` listener from the moment the iframe exists.
 *
 * Guard order for every incoming message (cheapest and strongest first):
 *   1. `event.source` is this bridge's own iframe window — anything else is another window's business;
 *   2. `event.origin` is on the allowlist — the frame may have navigated somewhere else;
 *   3. the payload decodes to a bounded plain object or string (`decode`, given with the receiver).
 * Only then does the receiver (the provider's decoder) see it. The bridge is in the boot chunk; the
 * decoder and the receiver come with the runtime, and the frame may speak before: until a receiver is
 * attached, messages that passed 1 and 2 and `load` events wait in order (at most MAX_WAITING) and are
 * decoded and replayed to it.
 */

export interface FrameSpec {
  url: URL;
  allow: string;
  sandbox?: string;
  title: string;
  allowlist: OriginAllowlist;
}

export interface FrameReceiver {
  message(message: Decoded): void;
  /** The iframe fired `load` (a navigation inside the frame fires it again). */
  load(): void;
}

export interface BridgeStats {
  accepted: number;
  ignored: number;
}

/** Beyond this many messages before the decoder arrives, the frame is flooding: the rest are ignored. */
const MAX_WAITING = 1000;

/** A guarded message, not yet decoded; null is a `load` event. */
type Waiting = { data: unknown; origin: string } | null;

export class FrameBridge {
  readonly stats: BridgeStats = { accepted: 0, ignored: 0 };
  #iframe: HTMLIFrameElement | null = null;
  #allowlist: OriginAllowlist | null = null;
  /** The origin that last spoke for the frame, else the URL's: the only `targetOrigin` ever used. */
  #targetOrigin = '';
  #receiver: FrameReceiver | null = null;
  #decode: (data: unknown) => Decoded | null = () => null;
  #waiting: Waiting[] = [];
  readonly #container: HTMLElement;

  constructor(container: HTMLElement) {
    this.#container = container;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#iframe;
  }

  /** Creates the iframe and starts its request. The listener is in place before the frame can speak. */
  load(spec: FrameSpec): void {
    this.destroy();
    this.#allowlist = spec.allowlist;
    this.#targetOrigin = spec.url.origin;
    const doc = this.#container.ownerDocument;
    const iframe = doc.createElement('iframe');
    iframe.setAttribute('part', 'frame');
    iframe.className = 'frame';
    iframe.title = spec.title;
    iframe.allow = spec.allow;
    if (spec.sandbox !== undefined) iframe.setAttribute('sandbox', spec.sandbox);
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.addEventListener('load', this.#onLoad);
    doc.defaultView?.addEventListener('message', this.#onMessage);
    iframe.src = spec.url.href;
    this.#iframe = iframe;
    this.#container.append(iframe);
  }

  /** Hands this frame's messages, decoded by `decode`, to `receiver`: first those that arrived before it. */
  attach(receiver: FrameReceiver, decode: (data: unknown) => Decoded | null): void {
    if (!this.#iframe) return;
    this.#receiver = receiver;
    this.#decode = decode;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const item of waiting) {
      if (this.#receiver !== receiver) return; // the receiver stopped the frame while handling one
      this.#hand(receiver, item);
    }
  }

  setTitle(title: string): void {
    if (this.#iframe) this.#iframe.title = title;
  }

  /** Sends to the frame, addressed to the exact origin; the browser drops it if the frame is elsewhere. */
  post(message: unknown): void {
    const target = this.#iframe?.contentWindow;
    if (!target || !this.#targetOrigin) return;
    try {
      target.postMessage(message, this.#targetOrigin);
    } catch {
      // The frame went away between the check and the call: nothing to deliver to.
    }
  }

  /** Removes the listener and the iframe (which also releases the camera). Safe to call twice. */
  destroy(): void {
    const iframe = this.#iframe;
    this.#receiver = null;
    this.#waiting = [];
    if (!iframe) return;
    iframe.ownerDocument.defaultView?.removeEventListener('message', this.#onMessage);
    iframe.removeEventListener('load', this.#onLoad);
    iframe.remove();
    this.#iframe = null;
    this.#allowlist = null;
  }

  #deliver(item: Waiting): void {
    const receiver = this.#receiver;
    if (receiver) this.#hand(receiver, item);
    else if (this.#waiting.length < MAX_WAITING) this.#waiting.push(item);
    else this.stats.ignored++;
  }

  #hand(receiver: FrameReceiver, item: Waiting): void {
    if (!item) return receiver.load();
    const message = this.#decode(item.data);
    if (!message) {
      this.stats.ignored++;
      return;
    }
    this.stats.accepted++;
    this.#targetOrigin = item.origin;
    receiver.message(message);
  }

  readonly #onLoad = (): void => {
    if (this.#iframe) this.#deliver(null);
  };

  readonly #onMessage = (event: MessageEvent): void => {
    const iframe = this.#iframe;
    if (
      !iframe ||
      event.source === null ||
      event.source !== iframe.contentWindow ||
      !this.#allowlist?.has(event.origin)
    ) {
      this.stats.ignored++;
      return;
    }
    this.#deliver({ data: event.data, origin: event.origin });
  };
}
