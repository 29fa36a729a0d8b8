import type { ErrorCode } from '../flow/errors';

/** The shapes of a language's text: the element's part (the runtime's) and the screens' part (the UI chunk's). */

export interface Messages {
  frameTitle: string;
  loading: string;
  close: string;
  /** The banner while the browser is offline and the flow waits in its frame. */
  offline: string;
  /** Under the loading spinner when the frame takes longer than usual. */
  slow: string;
  /** In the widget while a provider's own window (Stripe's, Plaid's) is open over the page. */
  window: string;
  /** The question when the person asks to leave from inside the provider's frame. */
  leave: { title: string; text: string; stay: string; leave: string };
  announce: { ready: string; inProgress: string; submitted: string; step: string };
}

export type ResultKind = 'approved' | 'declined' | 'pending' | 'review';

export interface ScreenMessages {
  retry: string;
  restart: string;
  /** The result screen's button: the person is finished with the widget (kyc-close). */
  done: string;
  cancelledTitle: string;
  cancelledText: string;
  resultTitle: Record<ResultKind, string>;
  resultText: Record<ResultKind, string>;
  /** Complete, with a decision endpoint that has not answered yet: a neutral wait, no result claimed. */
  checking: { title: string; text: string };
  /** The decision endpoint failed, refused, or took too long: the result will follow, no guess. */
  later: { title: string; text: string };
  /** Each error's own title and plain next step. */
  errors: Record<ErrorCode, { title: string; text: string }>;
  /** Under an error that cannot be retried from here, before the reference (a reload starts afresh). */
  stuck: string;
  /** The button under `stuck`: reloads the page. */
  reload: string;
  /** Under `config-invalid`: the person cannot fix the site's set-up; no reload. */
  stuckConfig: string;
  /** The label of the small print to quote to support (code, provider code, session id). */
  reference: string;
}

/** A language's text: the element's part and the screens' part. English is built in (screens: UI chunk). */
export interface Locale {
  messages: Messages;
  screens: ScreenMessages;
}
