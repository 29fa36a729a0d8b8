/**
 * The capture of a server-rendered frame (kyc-widget/server `renderKycWidget`): an inline script right after the
 * iframe in the declarative shadow root keeps every `message` event of the page and the iframe's `load` events, raw
 * and in order, until the element adopts the frame and its bridge drains them through its own guard (source window,
 * then origin: frame/bridge.ts). The script is a constant, so that a page's CSP can allow it by hash
 * (`KYC_CAPTURE_SHA256`). It finds its host by `CAPTURE_ATTRIBUTE` (a script in a shadow root has no
 * `document.currentScript`), removes the attribute, and hangs the capture on the iframe as `kyc`.
 */

/** What the capture script hangs on the iframe: the events (at most 1000), when the frame was requested, the stop. */
export interface Capture {
  q: Event[];
  /** `performance.now()` when the script ran, right after the parser made the iframe: its navigation's start. */
  t: number;
  off(): void;
}

/** An iframe the capture script has seen. */
export type CapturedFrame = HTMLIFrameElement & { kyc?: Capture };

/** The host attribute that tells the capture script which element's frame is new. */
export const CAPTURE_ATTRIBUTE = 'data-kyc-capture';

/** The capture script, byte for byte (its SHA-256 is the server entry's `KYC_CAPTURE_SHA256`). */
export const CAPTURE_SCRIPT =
  'for(const h of document.querySelectorAll("[data-kyc-capture]")){h.removeAttribute("data-kyc-capture");' +
  'const f=h.shadowRoot&&h.shadowRoot.querySelector("iframe");if(!f||f.kyc)continue;' +
  'const q=[],p=e=>{q.length<1e3&&q.push(e)};' +
  'f.kyc={q,t:performance.now(),off(){removeEventListener("message",p);f.removeEventListener("load",p)}};' +
  'addEventListener("message",p);f.addEventListener("load",p)}';

/**
 * On a widget the server refused to frame (bad input, or a provider whose token travels only in a message): the
 * problem, as JSON `[code, at, got]`. The stand-in frames nothing; the runtime says it as `config-invalid` on its
 * first pass over the inputs, unless it finds a problem of its own in them.
 */
export const PROBLEM_ATTRIBUTE = 'data-kyc-problem';

/** What an iframe of the widget's is made with (frame/bridge.ts `FrameSpec`). */
export interface FrameLook {
  url: URL;
  allow: string;
  sandbox?: string;
  title: string;
}

/** A new iframe for `look`, not yet requested: its part, class, title, `allow`, `sandbox` and referrer policy. */
export function frameElement(doc: Document, look: FrameLook): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('part', 'frame');
  iframe.className = 'frame';
  iframe.title = look.title;
  iframe.allow = look.allow;
  if (look.sandbox !== undefined) iframe.setAttribute('sandbox', look.sandbox);
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  return iframe;
}

/**
 * The stand-in's frame (element/stand-in.ts), requested now and appended to `box`: its messages and loads are kept
 * as the capture script keeps a server-rendered frame's, until the frame bridge, fetched meanwhile, takes it over as
 * it takes over a rendered one. The listeners are in place before the frame can speak.
 */
export function capturedFrame(box: HTMLElement, look: FrameLook): CapturedFrame {
  const iframe: CapturedFrame = frameElement(box.ownerDocument, look);
  const win = box.ownerDocument.defaultView!;
  const q: Event[] = [];
  const keep = (event: Event) => void (q.length < 1e3 && q.push(event));
  iframe.kyc = {
    q,
    t: performance.now(),
    off() {
      win.removeEventListener('message', keep);
      iframe.removeEventListener('load', keep);
    },
  };
  win.addEventListener('message', keep);
  iframe.addEventListener('load', keep);
  iframe.src = look.url.href;
  box.append(iframe);
  return iframe;
}
