import { canRetry, isLive, type KycState, type Snapshot } from '../flow/machine';
import { hasLanguage, format, isRtl, loadLanguage, messagesFor, type Language, type Messages } from '../i18n/index';
import { languageOf } from '../element/language';
import type { Announcement } from '../flow/model';
import { adoptStyles } from '../styles/styles';
import type { ScreenView } from '../ui/view';
import { box, skeleton, type Skeleton } from '../element/skeleton';
import type { Inputs } from '../element/inputs';

/**
 * What the person sees and hears, without React: the shadow skeleton (root, frame box, screens box, live
 * region), the language, announcements, the loading screen, and the view the React screens are given.
 * `flow/step.ts` decides; the surface shows, and reports only the arrival of a language and the person
 * leaving through the "leave?" question.
 */
export class Surface {
  readonly root: HTMLDivElement;
  /** Where the frame bridge puts the iframe; React never renders here. */
  readonly frameBox: HTMLDivElement;
  /** The loading screen (plain DOM, with the `loading` slot) and, once loaded, the React screens. */
  readonly ui: HTMLDivElement;
  readonly #stage: HTMLDivElement;
  readonly #live: HTMLDivElement;
  /** A calm line over the frame while the browser is offline (the frame stays). */
  readonly #banner: HTMLDivElement;
  /** Announcements made in the same task, said together (a later one would overwrite an earlier one). */
  #said: string[] = [];
  #offline = false;
  #slow = false;
  /** The loading screen's two lines, kept: it is built once and stays under the React screens. */
  #loadingText: HTMLElement | null = null;
  #slowText: HTMLElement | null = null;
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  /** A language chunk arrived (the frame's title and the screens follow), or the person chose to leave. */
  readonly #report: (event: SurfaceReport) => void;
  #lang: Language | undefined;
  #focus = 0;
  #revision = 0;

  /** `parts`: the stand-in's skeleton, with its iframe (element/stand-in.ts); a new one otherwise. */
  constructor(host: HTMLElement, inputs: Inputs, report: (event: SurfaceReport) => void, parts?: Skeleton) {
    this.#host = host;
    this.#inputs = inputs;
    this.#report = report;
    const doc = host.ownerDocument;
    const { root, stage, frameBox } = parts ?? skeleton(doc);
    // Around the stand-in's frame part, which must not move: root > live region, banner, stage > frame box, screens.
    const live = box(doc, 'visually-hidden');
    live.setAttribute('role', 'status');
    live.setAttribute('aria-live', 'polite');
    const banner = box(doc, 'banner', 'banner');
    banner.hidden = true;
    const ui = box(doc, 'ui');
    root.prepend(live, banner);
    stage.append(ui);
    this.root = root;
    this.#live = live;
    this.#banner = banner;
    this.#stage = stage;
    this.frameBox = frameBox;
    this.ui = ui;
  }

  // ---- language ------------------------------------------------------------------------------------

  /** The language, worked out once per connection and locale change (it walks up the tree for [lang]). */
  language(): Language {
    this.#lang ??= languageOf(this.#host, this.#inputs.locale);
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

  /**
   * The styles and the loading screen: in place before anything is shown, but not in front of the frame
   * request (the first state change or configuration pass after connecting calls this). Idempotent.
   */
  dress(shadow: ShadowRoot): void {
    adoptStyles(shadow);
    this.#ensurePlaceholder();
  }

  /** The loading screen in plain DOM: it shows before React is downloaded, on the first load and on every retry. */
  #ensurePlaceholder(): void {
    if (this.ui.firstChild) return;
    const doc = this.#host.ownerDocument;
    const screen = div(doc, 'screen placeholder', 'status');
    const slot = doc.createElement('slot');
    slot.name = 'loading';
    const spinner = div(doc, 'spinner');
    spinner.setAttribute('aria-hidden', 'true');
    const text = doc.createElement('p');
    text.className = 'loading-text';
    // Focused after "Try again", so that focus stays in the widget while the frame loads.
    text.tabIndex = -1;
    const slow = doc.createElement('p');
    slow.className = 'slow';
    slot.append(spinner, text, slow);
    screen.append(slot);
    this.ui.append(screen);
    this.#loadingText = text;
    this.#slowText = slow;
    this.#fillPlaceholder();
  }

  /** The loading text, in the person's language: left empty (the spinner alone) until that language arrives, never English first. */
  #fillPlaceholder(): void {
    const language = this.language();
    const m = hasLanguage(language) ? this.messages() : null;
    const text = this.#loadingText;
    const slow = this.#slowText;
    if (text) text.textContent = m?.loading ?? '';
    if (slow) {
      slow.textContent = this.#slow && m ? m.slow : '';
      slow.hidden = !this.#slow;
    }
    this.#banner.textContent = m?.offline ?? '';
    this.#banner.hidden = !this.#offline || !m;
  }

  /** The frame is taking longer than usual: say so under the spinner. */
  setSlow(slow: boolean): void {
    if (slow === this.#slow) return;
    this.#slow = slow;
    this.#fillPlaceholder();
  }

  /** The browser is offline while the frame waits: show the banner (and say it once). */
  setOffline(offline: boolean): void {
    if (offline && !this.#offline) this.#announce(this.messages().offline);
    this.#offline = offline;
    this.#fillPlaceholder();
  }

  /**
   * The person asked to leave from inside the provider's frame (Didit's close): ask first, over the frame,
   * as the provider's own SDK does. Leaving is a cancel; staying (or Escape) puts them back in the frame.
   */
  confirmLeave(): void {
    if (this.#stage.querySelector('.confirm')) return;
    const doc = this.#host.ownerDocument;
    const m = this.messages().leave;
    const box = div(doc, 'confirm', 'confirm');
    box.setAttribute('role', 'alertdialog');
    const title = doc.createElement('h2');
    title.id = 'kyc-confirm-title';
    title.textContent = m.title;
    box.setAttribute('aria-labelledby', title.id);
    const text = doc.createElement('p');
    text.textContent = m.text;
    const button = (label: string, primary: boolean, run: () => void) => {
      const el = doc.createElement('button');
      el.type = 'button';
      el.textContent = label;
      el.setAttribute('part', 'button');
      if (primary) el.className = 'primary';
      el.addEventListener('click', () => {
        box.remove();
        run();
      });
      return el;
    };
    const stay = button(m.stay, true, () => this.frameBox.querySelector('iframe')?.focus());
    const actions = div(doc, 'actions');
    actions.append(
      stay,
      button(m.leave, false, () => this.#report({ type: 'cancel' })),
    );
    box.addEventListener('keydown', (event) => event.key === 'Escape' && stay.click());
    box.append(title, text, actions);
    this.#stage.append(box);
    stay.focus();
  }

  /** Focus waits on the loading screen (after "Try again": the button that had it is gone). */
  focusLoading(): void {
    this.#loadingText?.focus();
  }

  /** What step asked to say: a state, a step of the flow, or the screens' own text. */
  say(what: Announcement): void {
    if ('state' in what) this.#announceState(what.state);
    else if ('step' in what) this.#announce(format(this.messages().announce.step, what.step));
    else this.#announce(what.text);
  }

  /** Says `text` through the polite live region; what is said in one task is said together. */
  #announce(text: string): void {
    if (!text || this.#said.includes(text)) return;
    this.#said.push(text);
    if (this.#said.length > 1) return;
    queueMicrotask(() => {
      const said = this.#said.join(' ');
      this.#said = [];
      if (this.#live.textContent !== said) this.#live.textContent = said;
    });
  }

  /** The running states' announcements; the result and error screens announce themselves when they render. */
  #announceState(state: KycState): void {
    const m = this.messages();
    const text: Partial<Record<KycState, string>> = {
      loading: m.loading,
      ready: m.announce.ready,
      'in-progress': m.announce.inProgress,
      submitted: m.announce.submitted,
    };
    this.#announce(text[state] ?? '');
  }

  /** Asks the screens to move focus to the new screen on their next render. */
  requestFocus(): void {
    this.#focus++;
  }

  setFrameHeight(height: number | undefined): void {
    if (height === undefined) this.#stage.style.removeProperty('--_frame-resized');
    else this.#stage.style.setProperty('--_frame-resized', `${height}px`);
  }

  /** Brings the skeleton up to date and returns the screens' view. */
  render(snapshot: Snapshot, confirming = ''): ScreenView {
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
    if (!isLive(snapshot.state)) this.#stage.querySelector('.confirm')?.remove(); // the flow ended meanwhile
    this.#fillPlaceholder();
    return {
      state: snapshot.state,
      outcome: snapshot.outcome,
      decision: this.#inputs.decision,
      confirming,
      errorCode: snapshot.error?.code,
      providerCode: snapshot.error?.providerCode,
      sessionId: snapshot.sessionId,
      canRetry: canRetry(snapshot),
      language,
      focus: this.#focus,
      revision: ++this.#revision,
    };
  }

  /** The running state is said again in the new language by step (flow/step.ts, the `language` event). */
  #languageArrived(): void {
    this.#fillPlaceholder();
    this.#report({ type: 'language' });
  }
}

export type SurfaceReport = { type: 'language' } | { type: 'cancel' };

function div(doc: Document, className: string, part?: string): HTMLDivElement {
  const el = doc.createElement('div');
  el.className = className;
  if (part) el.setAttribute('part', part);
  return el;
}
