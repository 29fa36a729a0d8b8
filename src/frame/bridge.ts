import { decodeMessage } from './decode';
import type { OriginAllowlist } from './origins';
import type { Decoded } from '../providers/types';

/**
 * The iframe and its message channel. Framework-free: it exists before any UI does.
 *
 * Guard order for every incoming message (cheapest and strongest first):
 *   1. `event.source` is this bridge's own iframe window — anything else is another window's business;
 *   2. `event.origin` is on the allowlist — the frame may have navigated somewhere else;
 *   3. the payload decodes to a bounded plain object or string.
 * Only then does the adapter see it.
 */

export interface FrameSpec {
  url: URL;
  allow: string;
  sandbox?: string;
  allowFullscreen?: boolean;
  title: string;
  allowlist: OriginAllowlist;
}

export interface BridgeHandlers {
  message(message: Decoded, origin: string): void;
  load(): void;
}

export interface BridgeStats {
  accepted: number;
  ignored: number;
}

export class FrameBridge {
  readonly stats: BridgeStats = { accepted: 0, ignored: 0 };
  #iframe: HTMLIFrameElement | null = null;
  #spec: FrameSpec | null = null;
  /** The origin that last spoke for the frame, else the URL's: the only `targetOrigin` ever used. */
  #targetOrigin = '';
  readonly #container: HTMLElement;
  readonly #handlers: BridgeHandlers;

  constructor(container: HTMLElement, handlers: BridgeHandlers) {
    this.#container = container;
    this.#handlers = handlers;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#iframe;
  }

  /** Creates the iframe and starts its request. The listener is in place before the frame can speak. */
  load(spec: FrameSpec): void {
    this.destroy();
    this.#spec = spec;
    this.#targetOrigin = spec.url.origin;
    const doc = this.#container.ownerDocument;
    const iframe = doc.createElement('iframe');
    iframe.setAttribute('part', 'frame');
    iframe.className = 'frame';
    iframe.title = spec.title;
    iframe.allow = spec.allow;
    if (spec.sandbox !== undefined) iframe.setAttribute('sandbox', spec.sandbox);
    if (spec.allowFullscreen) iframe.allowFullscreen = true;
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.addEventListener('load', this.#onLoad);
    doc.defaultView?.addEventListener('message', this.#onMessage);
    iframe.src = spec.url.href;
    this.#iframe = iframe;
    this.#container.append(iframe);
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
    if (!iframe) return;
    iframe.ownerDocument.defaultView?.removeEventListener('message', this.#onMessage);
    iframe.removeEventListener('load', this.#onLoad);
    iframe.remove();
    this.#iframe = null;
    this.#spec = null;
  }

  readonly #onLoad = (): void => {
    if (this.#iframe) this.#handlers.load();
  };

  readonly #onMessage = (event: MessageEvent): void => {
    const iframe = this.#iframe;
    const spec = this.#spec;
    if (!iframe || !spec || event.source === null || event.source !== iframe.contentWindow) {
      this.stats.ignored++;
      return;
    }
    if (!spec.allowlist.has(event.origin)) {
      this.stats.ignored++;
      return;
    }
    const message = decodeMessage(event.data);
    if (!message) {
      this.stats.ignored++;
      return;
    }
    this.stats.accepted++;
    this.#targetOrigin = event.origin;
    this.#handlers.message(message, event.origin);
  };
}
