/**
 * The screens' inputs: what `<kyc-widget>` sets on its internal `<kyc-widget-screens>` element, which r2wc
 * maps to the React component's props. Scalars only: r2wc writes them to the inner element's attributes
 * (inside the shadow root), and `revision`, set last, makes every update render.
 */
export interface ScreenView {
  state: string;
  /** approved, declined or pending, once complete. */
  outcome?: string;
  /** The host's final decision (approved, declined, review): what the result screen shows. */
  decision?: string;
  /**
   * Complete with a decision endpoint and no decision yet: `checking` (a neutral "checking your result") or
   * `later` (the result will follow); '' otherwise.
   */
  confirming?: string;
  errorCode?: string;
  /** The provider's own error code, for the reference under an error. */
  providerCode?: string;
  /** The provider's session id, for the reference under an error. */
  sessionId?: string;
  canRetry: boolean;
  /** One of the widget's languages; its text may still be on its way (English meanwhile). */
  language: string;
  /** Increments when focus should move to the new screen. */
  focus: number;
  /** Increments with every update. */
  revision: number;
}

/** What the screens ask of the element, as r2wc events (`onRetry` → a `retry` event on the inner element). */
export interface ScreenRequests {
  onRetry(): void;
  /** The person is done with the widget (the result screen's Done button): kyc-close. */
  onClose(): void;
  /** Something for the live region to say (the result and error screens' titles). */
  onAnnounce(text: string): void;
}

export type ScreenProps = Partial<ScreenView> & Partial<ScreenRequests>;

export const SCREEN_PROPS = {
  state: 'string',
  outcome: 'string',
  decision: 'string',
  confirming: 'string',
  errorCode: 'string',
  providerCode: 'string',
  sessionId: 'string',
  canRetry: 'boolean',
  language: 'string',
  focus: 'number',
  revision: 'number',
} as const satisfies Record<keyof ScreenView, 'string' | 'number' | 'boolean'>;

export const SCREEN_EVENTS = { onRetry: {}, onClose: {}, onAnnounce: {} } as const satisfies Record<
  keyof ScreenRequests,
  EventInit
>;
