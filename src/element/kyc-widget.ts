import { StandIn } from './stand-in';
import { runtimeNow, type Handover, type HostPort, type Runtime, type Stand } from './handover';
import type { KycState } from '../flow/machine';
import type { ProviderChoice } from '../providers/registry';
import type { KycErrorDetail } from './events';
import {
  BY_ATTRIBUTE,
  BY_PROPERTY,
  coerce,
  defaults,
  fromAttribute,
  INPUTS,
  InvalidJson,
  reapplyEarlyProperties,
  recoverLowercasedAttributes,
  type InputSpec,
  type Inputs,
} from './inputs';

/** `HTMLElement` where there is a DOM; an empty class in Node, so that importing this module never throws (SSR). */
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * `<kyc-widget>`: an identity-verification step in one tag.
 *
 * @tag kyc-widget
 * @summary Embeds a verification provider's flow (a guarded iframe, or the vendor's own SDK) and reports it as DOM events.
 *
 * @fires {CustomEvent<KycEventDetails['kyc-statechange']>} kyc-statechange - Every state change. detail: { state, previous }
 * @fires {CustomEvent<KycEventDetails['kyc-ready']>} kyc-ready - The provider's frame loaded and said it is ready (an SDK-hosted provider: its script loaded and was started).
 * @fires {CustomEvent<KycEventDetails['kyc-start']>} kyc-start - The person began the flow.
 * @fires {CustomEvent<KycEventDetails['kyc-progress']>} kyc-progress - The person moved to another step. detail: { step, index?, total? }
 * @fires {CustomEvent<KycEventDetails['kyc-submit']>} kyc-submit - The person submitted what was asked.
 * @fires {CustomEvent<KycEventDetails['kyc-complete']>} kyc-complete - The flow finished. detail: { outcome: "approved" | "declined" | "pending" }
 * @fires {CustomEvent<KycEventDetails['kyc-cancel']>} kyc-cancel - The person left the flow.
 * @fires {CustomEvent<KycEventDetails['kyc-error']>} kyc-error - Something went wrong. detail: { code, message, recoverable, providerCode? }
 * @fires {CustomEvent<KycEventDetails['kyc-warning']>} kyc-warning - A problem the provider's flow handles itself; the flow goes on. detail: { code, message, providerCode? }
 * @fires {CustomEvent<KycEventDetails['kyc-decision']>} kyc-decision - The host's backend confirmed a decision (through decision-endpoint: confirmed true), or the host set `decision` (confirmed false); once per decision. detail: { decision: "approved" | "declined" | "review", confirmed }
 * @fires {CustomEvent<KycEventDetails['kyc-close']>} kyc-close - The person dismissed the widget (Done on a result screen, or closed the modal). detail: { state }
 *
 * @slot loading - Replaces the built-in loading screen.
 * @slot result - Replaces the built-in result screen.
 * @slot error - Replaces the built-in error screen (the retry button stays).
 *
 * @csspart container - The widget's box.
 * @csspart frame-container - The box around the provider's iframe.
 * @csspart frame - The provider's iframe.
 * @csspart sdk - The box an SDK-hosted provider's own UI mounts in (Onfido), or that points to its window (Stripe, Plaid).
 * @csspart status - The loading screen.
 * @csspart result - The result screen; its data-outcome is checking, later, approved, declined, review or pending (submitted).
 * @csspart error - The error and cancelled screens.
 * @csspart button - Every button.
 * @csspart retry-button - The "Try again" / "Start again" button.
 * @csspart done-button - The result screen's "Done" button (fires kyc-close).
 * @csspart reload-button - The "Reload the page" button under an error that cannot be retried from here.
 * @csspart reference - The small print under an error: the code, the provider's code and the session id, to quote to support.
 * @csspart banner - The line over the frame while the browser is offline.
 * @csspart close-button - The modal's close button.
 * @csspart dialog - The native dialog in modal mode.
 *
 * @cssprop --kyc-color-accent - Buttons, spinner, focus ring.
 * @cssprop --kyc-color-text - Text colour.
 * @cssprop --kyc-color-background - Background colour.
 * @cssprop --kyc-color-muted - Secondary text.
 * @cssprop --kyc-color-danger - Declined and error marks.
 * @cssprop --kyc-color-success - The approved mark.
 * @cssprop --kyc-radius - Corner radius.
 * @cssprop --kyc-font - Font family.
 * @cssprop --kyc-frame-height - Height of the frame area until the provider sends its own (default 600px).
 */
export class KycWidgetElement extends Base {
  static {
    // An accessor pair per input of the table (inputs.ts); their types and docs are the `declare`d fields below.
    for (const { property } of INPUTS) {
      if (property === 'options') continue; // its own pair: it takes text or an object, and gives an object
      Object.defineProperty(this.prototype, property, {
        get(this: KycWidgetElement) {
          return this.#inputs[property];
        },
        set(this: KycWidgetElement, value: unknown) {
          this.#set(property, value);
        },
        configurable: true,
      });
    }
  }

  static readonly observedAttributes: string[] = INPUTS.map((row) => row.attribute);

  readonly #inputs: Inputs = defaults();
  /** The runtime's controller; until the runtime is here, the stand-in (stand-in.ts), which then hands over. */
  #controller: Stand;
  /** Attributes this element removes itself (a token, scrubbed from the DOM): their removal is not an input. */
  readonly #scrubbing = new Set<string>();
  /**
   * Attributes the upgrade is about to report whose property was set before the tag was defined. The markup
   * made the attribute before any script could set the property, so the property is the later write and wins,
   * exactly as when the tag is defined first. (Between a property and an attribute both written before the
   * upgrade the platform shows no order: the property wins then too, as in Lit.)
   */
  #shadowed: Map<string, string>;

  constructor() {
    super();
    // A server-rendered element (kyc-widget/server) has its declarative shadow root, and maybe its frame, already:
    // taken over, never attached again (that would empty it, and the frame would go).
    const rendered = this.shadowRoot;
    const shadow = rendered ?? this.attachShadow({ mode: 'open' });
    const port: HostPort = {
      inputs: this.#inputs,
      setOpen: (open) => (this.open = open),
      setDecision: (decision) => (this.decision = decision),
    };
    const create = (runtime: Runtime, handover?: Handover) =>
      (this.#controller = new runtime.WidgetController(this, port, shadow, handover));
    const runtime = runtimeNow();
    // The stand-in adopts a rendered root, even when the runtime is here: it hands it over as its own.
    this.#controller = runtime && !rendered ? create(runtime) : new StandIn(this, this.#inputs, shadow, create);
    this.#shadowed = reapplyEarlyProperties(this);
    // The upgrade reports the attributes in this same task; anything after that is a new write.
    if (this.#shadowed.size) queueMicrotask(() => this.#shadowed.clear());
  }

  /**
   * Which provider: a frame protocol (generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf,
   * zignsec), or an SDK-hosted provider whose own script the widget loads from the vendor and mounts (onfido inline in
   * the widget's box; stripe and plaid in the vendor's window over the page); jumio with `options.sdk: true` mounts
   * Jumio's `<jumio-sdk>` element, which the page defines. docs/providers/<id>.md for each. `auto` (the all-in bundle,
   * with `session-endpoint`): the host's backend names the provider in its answer, and another one when the first fails
   * before the person starts (`kyc-warning` `provider-switched`).
   * @attr provider
   * @default 'generic'
   */
  declare provider: ProviderChoice;

  /**
   * The session or flow URL the host's backend created with the provider (absolute).
   * @attr session-url
   */
  declare sessionUrl: string | undefined;

  /**
   * A provider access token. Secret: set it as a property; it is never written to an attribute or logged.
   * @attr session-token
   */
  declare sessionToken: string | undefined;

  /**
   * The host backend's endpoint that creates and refreshes sessions (relative to the page, or absolute).
   * @attr session-endpoint
   */
  declare sessionEndpoint: string | undefined;

  /**
   * The host backend's endpoint that tells the server-confirmed decision of this person's session (relative to the
   * page, or absolute). From `kyc-complete` on the widget asks it (streaming, or polling a JSON answer), sets
   * `decision` when it is known and fires `kyc-decision`; on a page whose session is already decided, it shows the
   * result at once. Not part of the frame's configuration: changing it never restarts the frame.
   * @attr decision-endpoint
   */
  declare decisionEndpoint: string | undefined;

  /**
   * Space-separated origins added to the adapter's built-in allowlist (`https://*.example.com` matches one label).
   * @attr allowed-origins
   */
  declare allowedOrigins: string | undefined;

  /**
   * Provider-specific settings, a JSON object (as an attribute, JSON text).
   * @attr options
   * @default {}
   */
  get options(): Record<string, unknown> {
    const value = this.#inputs.options;
    return value instanceof InvalidJson ? {} : (value as Record<string, unknown>);
  }
  set options(value: Record<string, unknown> | string | undefined) {
    this.#set('options', value);
  }

  /**
   * `inline` fills the element; `modal` shows the flow in a native modal dialog.
   * @attr mode
   * @default 'inline'
   */
  declare mode: 'inline' | 'modal';

  /**
   * Modal mode: shown while true; set to false when the person closes the dialog. Reflects.
   * @attr open
   * @default false
   * @reflect
   */
  declare open: boolean;

  /**
   * Language of the widget's text (BCP 47), passed on to the provider; default: the nearest `lang`, then the browser's.
   * @attr locale
   */
  declare locale: string | undefined;

  /**
   * Colour scheme: `light`, `dark`, or `auto` (the person's preference).
   * @attr theme
   * @default 'auto'
   */
  declare theme: 'light' | 'dark' | 'auto';

  /**
   * Milliseconds the frame has to load and say it is ready.
   * @attr load-timeout
   * @default 20000
   */
  declare loadTimeout: number;

  /**
   * The final decision from the host's backend, shown on the result screen. Set by the host (fires `kyc-decision`,
   * confirmed false), or by the widget when the `decision-endpoint` says it.
   * @attr decision
   */
  declare decision: 'approved' | 'declined' | 'review' | undefined;

  /**
   * Logs each normalized event to the console (tokens never appear).
   * @attr debug
   * @default false
   */
  declare debug: boolean;

  /** The current state of the flow. */
  get state(): KycState {
    return this.#controller.snapshot.state;
  }

  /** The provider's session or inquiry id, once known. */
  get sessionId(): string | undefined {
    return this.#controller.snapshot.sessionId;
  }

  /** The detail of the last `kyc-error`, or null. */
  get lastError(): KycErrorDetail | null {
    return this.#controller.lastError;
  }

  /** Begins the flow, or restarts it from the beginning. In modal mode it also opens the dialog. */
  start(): void {
    this.#controller.start();
  }

  /** Starts a new attempt after a recoverable error or a cancel. */
  retry(): void {
    this.#controller.retry();
  }

  /** Ends the running flow as the person leaving would (fires kyc-cancel). */
  cancel(): void {
    this.#controller.cancel();
  }

  connectedCallback(): void {
    this.#shadowed.clear();
    // `open` reflects: a property set before the upgrade may disagree with the markup's attribute.
    this.toggleAttribute('open', this.open); // no change, no attributeChangedCallback, when they agree
    recoverLowercasedAttributes(this, (property, value) => this.#set(property, value));
    this.#controller.connect();
  }

  disconnectedCallback(): void {
    this.#controller.disconnect();
  }

  /**
   * `moveBefore()` keeps the element, and its iframe, alive: nothing to tear down or reload.
   * @internal
   */
  connectedMoveCallback(): void {}

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (value === null && this.#scrubbing.delete(name)) return;
    const row = BY_ATTRIBUTE.get(name);
    if (!row) return;
    const shadowed = old === null && value !== null && this.#shadowed.get(name) === value;
    if (shadowed) this.#shadowed.delete(name);
    else this.#set(row.property, fromAttribute(row, value), row);
    if (row.secret && value !== null) {
      // A token in an attribute is readable by every script and selector on the page: keep it, then scrub it.
      this.#scrubbing.add(name);
      this.removeAttribute(name);
    }
  }

  #set(property: keyof Inputs, value: unknown, parsed?: InputSpec): void {
    const row = parsed ?? BY_PROPERTY.get(property)!;
    const next = parsed ? value : coerce(row, value);
    if (Object.is(this.#inputs[property], next)) return;
    (this.#inputs as unknown as Record<string, unknown>)[property] = next;
    // `open` reflects, like <dialog open>, so that hosts can style and query it.
    if (property === 'open') this.toggleAttribute('open', next === true);
    this.#controller.inputChanged(property, row.config === true);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyc-widget': KycWidgetElement;
  }
}
