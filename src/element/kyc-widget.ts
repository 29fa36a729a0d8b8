import r2wc from '@r2wc/core';
import type { KycErrorInfo } from '../flow/errors';
import type { KycState } from '../flow/machine';
import { BY_ATTRIBUTE, coerce, defaults, fromAttribute, INPUTS, InvalidJson, type InputSpec, type Inputs } from './attributes';
import { WidgetController } from './controller';
import type { KycEventMap } from './events';

/**
 * `<kyc-widget>`: an identity-verification step in one tag.
 *
 * @summary Embeds a verification provider's flow in a guarded iframe and reports it as DOM events.
 *
 * @fires kyc-statechange - Every state change. detail: { state, previous }
 * @fires kyc-ready - The provider's frame loaded and said it is ready.
 * @fires kyc-start - The person began the flow.
 * @fires kyc-progress - The person moved to another step. detail: { step, index?, total? }
 * @fires kyc-submit - The person submitted what was asked.
 * @fires kyc-complete - The flow finished. detail: { outcome: "approved" | "declined" | "pending" }
 * @fires kyc-cancel - The person left the flow.
 * @fires kyc-error - Something went wrong. detail: { code, message, recoverable, providerCode? }
 *
 * @slot loading - Replaces the built-in loading screen.
 * @slot result - Replaces the built-in result screen.
 * @slot error - Replaces the built-in error screen (the retry button stays).
 *
 * @csspart container - The widget's box.
 * @csspart frame-container - The box around the provider's iframe.
 * @csspart frame - The provider's iframe.
 * @csspart status - The loading status text.
 * @csspart result - The result screen.
 * @csspart error - The error and cancelled screens.
 * @csspart button - Every button.
 * @csspart retry-button - The "Try again" / "Start again" button.
 * @csspart close-button - The modal's close button.
 * @csspart dialog - The native dialog in modal mode.
 *
 * @cssprop --kyc-color-accent - Buttons, spinner, focus ring.
 * @cssprop --kyc-color-text - Text colour.
 * @cssprop --kyc-color-background - Background colour.
 * @cssprop --kyc-color-muted - Secondary text.
 * @cssprop --kyc-color-danger - Declined and error marks.
 * @cssprop --kyc-radius - Corner radius.
 * @cssprop --kyc-font - Font family.
 * @cssprop --kyc-frame-height - Height of the frame area until the provider sends its own (default 600px).
 */
export interface KycWidgetElement extends HTMLElement, Omit<Inputs, 'options'> {
  options: Record<string, unknown>;
  /** The current state of the flow. */
  readonly state: KycState;
  /** The provider's session or inquiry id, once known. */
  readonly sessionId: string | undefined;
  /** The detail of the last `kyc-error`, or null. */
  readonly lastError: (KycErrorInfo & { provider: string; sessionId?: string }) | null;
  /** Begins the flow, or restarts it from the beginning. In modal mode it also opens the dialog. */
  start(): void;
  /** Starts a new attempt after a recoverable error or a cancel. */
  retry(): void;
  /** Ends the running flow as the person leaving would (fires kyc-cancel). */
  cancel(): void;
  addEventListener<K extends keyof KycEventMap>(type: K, listener: (this: KycWidgetElement, ev: KycEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof KycEventMap>(type: K, listener: (this: KycWidgetElement, ev: KycEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export type KycWidgetConstructor = new () => KycWidgetElement;

interface UiHandle {
  unmount(): void;
}

/**
 * r2wc renders our React UI through this renderer. The UI is a separate chunk, imported when the
 * controller says a screen needs it (see WidgetController.onUiNeeded): the frame, started by the
 * controller before this runs, never waits for React.
 */
const renderer = {
  mount(container: HTMLElement): UiHandle {
    const controller = controllers.get((container as unknown as ShadowRoot).host);
    let disposed = false;
    let unmount: (() => void) | undefined;
    controller?.onUiNeeded(() => {
      if (disposed) return;
      import('../ui/mount')
        .then(({ mountUi }) => {
          if (!disposed) unmount = mountUi(controller);
        })
        .catch((error: unknown) => console.error('[kyc-widget] the UI chunk failed to load', error));
    });
    return {
      unmount() {
        disposed = true;
        unmount?.();
      },
    };
  },
  update() {},
  unmount(handle: UiHandle) {
    handle.unmount();
  },
};

const controllers = new WeakMap<Element, WidgetController>();

/** r2wc's React stand-in: the real component is in the lazily loaded UI chunk (see renderer.mount). */
const LazyUi = () => null;

let cached: KycWidgetConstructor | undefined;

/** Builds the element class. Lazily, because `HTMLElement` does not exist in Node (SSR imports must not throw). */
export function kycWidgetClass(): KycWidgetConstructor {
  if (cached) return cached;
  // No r2wc props: its attribute handling has the traps listed in STYLE.md; this class owns inputs instead.
  const Base = r2wc(LazyUi, { shadow: 'open', props: {} }, renderer) as unknown as {
    new (): HTMLElement & { container: ShadowRoot; connectedCallback(): void; disconnectedCallback(): void };
  };

  class KycWidget extends Base {
    static get observedAttributes(): string[] {
      return INPUTS.map((row) => row.attribute);
    }

    readonly #inputs: Inputs = defaults();
    readonly #controller: WidgetController;
    #reflecting = false;

    constructor() {
      super();
      this.#controller = new WidgetController(
        this,
        { inputs: this.#inputs, setOpen: (open) => ((this as unknown as KycWidgetElement).open = open) },
        this.container,
      );
      controllers.set(this, this.#controller);
      // Properties set before the tag was defined are own properties shadowing our accessors: re-apply them.
      for (const row of INPUTS) {
        if (Object.prototype.hasOwnProperty.call(this, row.property)) {
          const value = (this as Record<string, unknown>)[row.property];
          delete (this as Record<string, unknown>)[row.property];
          (this as Record<string, unknown>)[row.property] = value;
        }
      }
    }

    override connectedCallback(): void {
      // The frame first: its request starts before React is even imported.
      this.#controller.connect();
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#controller.disconnect();
    }

    /** `moveBefore()` keeps the element (and its iframe) alive: nothing to tear down. */
    connectedMoveCallback(): void {}

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      if (this.#reflecting) return;
      const row = BY_ATTRIBUTE.get(name);
      if (!row) return;
      this.#set(row, fromAttribute(row, value));
      if (row.secret && value !== null) {
        // A token in an attribute is readable by every script and selector on the page: keep it, then scrub it.
        this.#reflect(() => this.removeAttribute(name));
      }
    }

    get state(): KycState {
      return this.#controller.snapshot.state;
    }

    get sessionId(): string | undefined {
      return this.#controller.snapshot.sessionId;
    }

    get lastError() {
      return this.#controller.lastError;
    }

    start(): void {
      this.#controller.start();
    }

    retry(): void {
      this.#controller.retry();
    }

    cancel(): void {
      this.#controller.cancel();
    }

    static {
      // One accessor per input; setting never writes an attribute (except `open`), so a token stays out of the DOM.
      for (const row of INPUTS as readonly InputSpec[]) {
        Object.defineProperty(KycWidget.prototype, row.property, {
          configurable: true,
          enumerable: true,
          get(this: KycWidget) {
            const value = this.#inputs[row.property];
            return value instanceof InvalidJson ? {} : value;
          },
          set(this: KycWidget, value: unknown) {
            this.#set(row, coerce(row, value));
          },
        });
      }
    }

    #set(row: InputSpec, value: unknown): void {
      const previous = this.#inputs[row.property];
      if (Object.is(previous, value)) return;
      (this.#inputs as unknown as Record<string, unknown>)[row.property] = value;
      if (row.property === 'open') {
        // `open` reflects, like <dialog open>, so that hosts can style and query it.
        this.#reflect(() => this.toggleAttribute('open', value === true));
      }
      this.#controller.inputChanged(row.property, row.config === true);
    }

    #reflect(change: () => void): void {
      this.#reflecting = true;
      try {
        change();
      } finally {
        this.#reflecting = false;
      }
    }
  }

  cached = KycWidget as unknown as KycWidgetConstructor;
  return cached;
}

declare global {
  interface HTMLElementTagNameMap {
    'kyc-widget': KycWidgetElement;
  }
}
