import type { ModalShell } from './modal';
import { report } from './serial';

/**
 * Where the widget's root sits: in the shadow root (inline), or in a native modal `<dialog>` (modal mode,
 * whose shell is a lazy chunk). Moving the root moves the iframe, and a moved iframe reloads: the port
 * stops the frame first, and the next configuration loads it where it now is.
 */

export interface PlacementPort {
  /** The root is about to move (or to wait, detached, for the modal chunk). */
  moving(): void;
  /** The modal chunk arrived and the root is in the dialog now. */
  placed(): void;
  /** The dialog closed: by the person (Escape, the close button, Done) or by the host. */
  closed(byPerson: boolean): void;
  /** The dialog was just opened. */
  opened(): void;
}

export class Placement {
  readonly #shadow: ShadowRoot;
  readonly #root: HTMLElement;
  readonly #port: PlacementPort;
  /** Modal mode's shell; null inline, and while its chunk is on its way. */
  #modal: ModalShell | null = null;
  #loading = false;
  #mode: 'inline' | 'modal' = 'inline';

  constructor(shadow: ShadowRoot, root: HTMLElement, port: PlacementPort) {
    this.#shadow = shadow;
    this.#root = root;
    this.#port = port;
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
      if (this.#root.parentNode) {
        this.#port.moving();
        this.#root.remove();
      }
      this.#load();
      return;
    }
    const parent = mode === 'modal' ? this.#modal!.dialog : this.#shadow;
    if (this.#root.parentNode === parent) return;
    if (this.#root.parentNode) this.#port.moving();
    parent.append(this.#root);
    if (mode === 'inline' && this.#modal) {
      this.#modal.remove();
      this.#modal = null;
    }
  }

  /** Shows or hides the dialog (modal mode only). */
  sync(open: boolean): void {
    if (this.#mode !== 'modal' || !this.#modal) return;
    if (this.#modal.sync(open)) this.#port.opened();
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
    import('./modal').then(
      ({ ModalShell }) => {
        this.#loading = false;
        this.#modal ??= new ModalShell(this.#shadow, (byPerson) => this.#port.closed(byPerson));
        if (this.#mode === 'modal') this.#port.placed();
      },
      (error: unknown) => {
        this.#loading = false;
        report(error);
      },
    );
  }
}
