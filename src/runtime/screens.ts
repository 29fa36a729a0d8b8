import type { ScreenView } from '../ui/view';

/**
 * The React screens (result, cancelled, error), wrapped by r2wc as an internal element in the lazy UI
 * chunk. They are needed only once the flow ends, so React is kept off the frame's critical path: the
 * chunk is imported at once when such a screen is due, else in idle time once the frame is ready.
 * Data goes one way: the view as properties (r2wc's props); the screens' r2wc events are reported as they are.
 */

/** What the screens' buttons and live text report: "Try again", the result screen's Done, a sentence to say. */
export type ScreensReport = { type: 'retry'; keepFocus: true } | { type: 'done' } | { type: 'announce'; text: string };

type ScreensElement = HTMLElement & ScreenView;

export class Screens {
  readonly #box: HTMLElement;
  readonly #report: (event: ScreensReport) => void;
  #element: ScreensElement | null = null;
  #requested = false;
  #view: ScreenView | null = null;

  constructor(box: HTMLElement, report: (event: ScreensReport) => void) {
    this.#box = box;
    this.#report = report;
  }

  show(view: ScreenView, live: boolean): void {
    this.#view = view;
    if (this.#element) this.#apply(this.#element, view);
    else if (!this.#requested && view.state !== 'idle' && view.state !== 'loading') {
      this.#requested = true;
      if (live) whenIdle(this.#box.ownerDocument.defaultView, () => this.#load());
      else this.#load();
    }
  }

  #load(): void {
    import('../ui/screens-element').then(
      ({ defineScreens }) => {
        const doc = this.#box.ownerDocument;
        const element = doc.createElement(defineScreens(doc.defaultView?.customElements)) as ScreensElement;
        const report = this.#report;
        element.addEventListener('retry', () => report({ type: 'retry', keepFocus: true }));
        element.addEventListener('close', () => report({ type: 'done' }));
        element.addEventListener('announce', (event) =>
          report({ type: 'announce', text: String((event as CustomEvent).detail ?? '') }),
        );
        this.#element = element;
        if (this.#view) this.#apply(element, this.#view);
        this.#box.append(element);
      },
      (error: unknown) => {
        this.#requested = false; // a later screen tries again
        console.error('[kyc-widget] the UI chunk failed to load', error);
      },
    );
  }

  /** Every field, `revision` last: r2wc renders on each attribute it writes, and `revision` always changes. */
  #apply(element: ScreensElement, view: ScreenView): void {
    const target = element as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(view)) if (key !== 'revision') target[key] = value;
    element.revision = view.revision;
  }
}

function whenIdle(win: Window | null, task: () => void): void {
  if (win && typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 50);
}
