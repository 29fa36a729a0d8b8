import type { ModalShell } from '../modal/modal';

/**
 * Where the widget's root sits: in the shadow root (inline), or in a native modal `<dialog>` (modal mode,
 * whose shell is a lazy chunk). A part that only reports: the dialog opened or closed, the modal chunk
 * arrived. Moving the root moves the iframe, and a moved iframe reloads: the runtime stops a frame before
 * it asks for another place (only a change of `mode` moves the root, and that is a new configuration).
 */

export type PlacementReport =
  /** The modal chunk arrived and the root is in the dialog now: the inputs are read again. */
  | { type: 'configure' }
  /** The dialog was just opened. */
  | { type: 'opened' }
  /** The dialog closed: by the person (Escape, the close button, Done) or by the host. */
  | { type: 'closed'; byPerson: boolean };

export class Placement {
  readonly #shadow: ShadowRoot;
  readonly #root: HTMLElement;
  readonly #report: (event: PlacementReport) => void;
  /** Modal mode's shell; null inline, and while its chunk is on its way. */
  #modal: ModalShell | null = null;
  #loading = false;
  #mode: 'inline' | 'modal' = 'inline';

  constructor(shadow: ShadowRoot, root: HTMLElement, report: (event: PlacementReport) => void) {
    this.#shadow = shadow;
    this.#root = root;
    this.#report = report;
  }

  get dialog(): HTMLDialogElement | null {
    return this.#modal?.dialog ?? null;
  }

  get modalOpen(): boolean {
    return this.#modal?.dialog.open ?? false;
  }

  /** Puts the root where `mode` wants it, and shows or hides the dialog. */
  apply(mode: 'inline' | 'modal', open: boolean): void {
    this.#place(mode);
    this.sync(open);
  }

  #place(mode: 'inline' | 'modal'): void {
    this.#mode = mode;
    if (mode === 'modal' && !this.#modal) {
      // Until the modal chunk is here the root waits, detached: a frame started meanwhile loads once placed.
      this.#root.remove();
      this.#load();
      return;
    }
    const parent = mode === 'modal' ? this.#modal!.dialog : this.#shadow;
    if (this.#root.parentNode === parent) return;
    parent.append(this.#root);
    if (mode === 'inline' && this.#modal) {
      this.#modal.remove();
      this.#modal = null;
    }
  }

  /** Shows or hides the dialog (modal mode only). */
  sync(open: boolean): void {
    if (this.#mode !== 'modal' || !this.#modal) return;
    if (this.#modal.sync(open)) queueMicrotask(() => this.#report({ type: 'opened' }));
  }

  label(title: string, close: string, theme: string, dir: 'ltr' | 'rtl'): void {
    if (!this.#modal) return;
    this.#modal.label(title, close, dir);
    this.#modal.dialog.dataset.theme = theme;
  }

  close(): void {
    this.#modal?.dialog.close();
  }

  #load(): void {
    if (this.#loading) return;
    this.#loading = true;
    import('../modal/modal').then(
      ({ ModalShell }) => {
        this.#loading = false;
        this.#modal ??= new ModalShell(this.#shadow, (byPerson) => this.#report({ type: 'closed', byPerson }));
        if (this.#mode === 'modal') this.#report({ type: 'configure' });
      },
      (error: unknown) => {
        this.#loading = false;
        console.error('[kyc-widget] the modal chunk failed to load', error);
      },
    );
  }
}
