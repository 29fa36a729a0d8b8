import { canRetry, type KycState, type Snapshot } from '../flow/machine';
import type { KycErrorInfo } from '../flow/errors';
import type { Outcome } from '../providers/types';
import { hasLanguage, isRtl, loadLanguage, messagesFor, resolveLanguage, type Language, type Messages } from '../ui/i18n';
import type { Inputs } from './attributes';

/**
 * What the person sees and hears, without React: the shadow skeleton (root, frame box, UI box, live region),
 * the language, announcements, the loading placeholder, and the view model the React UI subscribes to.
 * The controller decides; the surface shows.
 */

export interface ViewModel {
  state: KycState;
  outcome?: Outcome;
  decision?: Inputs['decision'];
  error?: KycErrorInfo;
  canRetry: boolean;
  language: Language;
  messages: Messages;
  /** Increments when the UI should move focus to the new screen. */
  focusRequest: number;
}

export class Surface {
  readonly root: HTMLDivElement;
  /** Where the frame bridge puts the iframe; React never renders here. */
  readonly frameBox: HTMLDivElement;
  /** Where React renders; holds a static loading placeholder until it does. */
  readonly ui: HTMLDivElement;
  readonly #stage: HTMLDivElement;
  readonly #live: HTMLDivElement;
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  /** Runs when a language chunk arrives: the frame's title, announcements and view must follow. */
  readonly #onLanguage: (messages: Messages) => void;
  #lang: Language | undefined;
  #focusRequest = 0;
  #view: ViewModel;
  readonly #subscribers = new Set<() => void>();

  constructor(host: HTMLElement, inputs: Inputs, onLanguage: (messages: Messages) => void) {
    this.#host = host;
    this.#inputs = inputs;
    this.#onLanguage = onLanguage;
    const doc = host.ownerDocument;
    this.root = div(doc, 'root', 'container');
    this.#live = div(doc, 'visually-hidden');
    this.#live.setAttribute('role', 'status');
    this.#live.setAttribute('aria-live', 'polite');
    this.#stage = div(doc, 'stage');
    this.frameBox = div(doc, 'frame-box', 'frame-container');
    this.ui = div(doc, 'ui');
    this.#stage.append(this.frameBox, this.ui);
    this.root.append(this.#live, this.#stage);
    this.#view = this.#makeView({ state: 'idle', attempt: 0 });
  }

  // ---- language ------------------------------------------------------------------------------------

  /** The language, worked out once per connection and locale change (it walks up the tree for [lang]). */
  language(): Language {
    if (this.#lang) return this.#lang;
    const fromTree = this.#host.closest('[lang]')?.getAttribute('lang');
    const nav = this.#host.ownerDocument.defaultView?.navigator;
    this.#lang = resolveLanguage(this.#inputs.locale) ?? resolveLanguage(fromTree) ?? resolveLanguage(nav?.language) ?? 'en';
    return this.#lang;
  }

  /** Forget the language: the locale changed, or the element moved to another part of the page. */
  resetLanguage(): void {
    this.#lang = undefined;
  }

  messages(): Messages {
    return messagesFor(this.language());
  }

  // ---- what it says --------------------------------------------------------------------------------

  /** The loading screen in plain DOM, the same markup as the UI's, for the instant before React renders. */
  ensurePlaceholder(): void {
    if (this.ui.firstChild) return;
    const doc = this.#host.ownerDocument;
    const screen = div(doc, 'screen placeholder', 'status');
    const spinner = div(doc, 'spinner');
    spinner.setAttribute('aria-hidden', 'true');
    const text = doc.createElement('p');
    text.textContent = this.messages().loading;
    screen.append(spinner, text);
    this.ui.append(screen);
  }

  /** Says `text` through the polite live region. */
  announce(text: string): void {
    if (this.#live.textContent !== text) this.#live.textContent = text;
  }

  /** The running states' announcements; the result and error screens announce themselves when they render. */
  announceState(state: KycState): void {
    const m = this.messages();
    const text: Partial<Record<KycState, string>> = {
      loading: m.loading,
      ready: m.announce.ready,
      'in-progress': m.announce.inProgress,
      submitted: m.announce.submitted,
    };
    this.announce(text[state] ?? '');
  }

  /** Where the person is: a focused iframe or control in the shadow root, or an open modal. */
  hasFocus(shadow: ShadowRoot, modalOpen: boolean): boolean {
    return shadow.activeElement !== null || modalOpen;
  }

  /** Asks the UI to move focus to the new screen on its next render. */
  requestFocus(): void {
    this.#focusRequest++;
  }

  setFrameHeight(height: number | undefined): void {
    if (height === undefined) this.#stage.style.removeProperty('--_frame-resized');
    else this.#stage.style.setProperty('--_frame-resized', `${height}px`);
  }

  // ---- the view model ------------------------------------------------------------------------------

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#subscribers.add(listener);
    return () => this.#subscribers.delete(listener);
  };

  readonly getView = (): ViewModel => this.#view;

  /** Brings the skeleton and the view model up to date, and tells the UI. */
  render(snapshot: Snapshot, modal: HTMLDialogElement | null): void {
    const language = this.language();
    if (!hasLanguage(language)) {
      loadLanguage(language).then(
        () => this.#languageArrived(),
        () => {}, // English stays: text in another language beats no text
      );
    }
    const { root } = this;
    root.lang = language;
    root.dir = isRtl(language) ? 'rtl' : 'ltr';
    root.dataset.theme = this.#inputs.theme;
    root.dataset.state = snapshot.state;
    this.#view = this.#makeView(snapshot);
    if (modal) modal.dataset.theme = this.#inputs.theme;
    for (const listener of this.#subscribers) listener();
  }

  #languageArrived(): void {
    const messages = this.messages();
    const placeholder = this.ui.querySelector('.placeholder p');
    if (placeholder) placeholder.textContent = messages.loading;
    this.#onLanguage(messages);
  }

  #makeView(snapshot: Snapshot): ViewModel {
    const language = this.language();
    return {
      state: snapshot.state,
      outcome: snapshot.outcome,
      error: snapshot.error,
      decision: this.#inputs.decision,
      canRetry: canRetry(snapshot),
      language,
      messages: messagesFor(language),
      focusRequest: this.#focusRequest,
    };
  }
}

function div(doc: Document, className: string, part?: string): HTMLDivElement {
  const el = doc.createElement('div');
  el.className = className;
  if (part) el.setAttribute('part', part);
  return el;
}
