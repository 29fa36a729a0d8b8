import { adoptStyles } from '../ui/styles';
import MODAL_CSS from './modal.css?inline';

/**
 * Modal mode's shell: a native modal <dialog> (focus trap, Escape, inert page, top layer for free) with a
 * close button. Its own chunk: pages that embed the widget inline never download it.
 */

export class ModalShell {
  readonly dialog: HTMLDialogElement;
  readonly #close: HTMLButtonElement;

  /** `onClosed` runs when the dialog closes for any reason (Escape, the close button, the host). */
  constructor(shadow: ShadowRoot, onClosed: () => void) {
    const doc = shadow.ownerDocument;
    adoptStyles(shadow, MODAL_CSS);
    this.dialog = doc.createElement('dialog');
    this.dialog.setAttribute('part', 'dialog');
    this.#close = doc.createElement('button');
    this.#close.type = 'button';
    this.#close.className = 'close';
    this.#close.setAttribute('part', 'button close-button');
    this.#close.textContent = '×';
    this.#close.addEventListener('click', () => this.dialog.close());
    this.dialog.append(this.#close);
    this.dialog.addEventListener('close', onClosed);
    shadow.append(this.dialog);
  }

  label(title: string, close: string): void {
    this.dialog.setAttribute('aria-label', title);
    this.#close.setAttribute('aria-label', close);
  }

  /** Shows or hides the dialog; true when this call opened it. */
  sync(open: boolean): boolean {
    if (open && !this.dialog.open) {
      this.dialog.showModal();
      return true;
    }
    if (!open && this.dialog.open) this.dialog.close();
    return false;
  }

  remove(): void {
    this.dialog.remove();
  }
}
