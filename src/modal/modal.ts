import { adoptStyles, BUTTON_CSS } from '../styles/styles';
import MODAL_CSS from './modal.css?inline';

/**
 * Modal mode's shell: a native modal <dialog> (focus trap, Escape, inert page, top layer for free) with a
 * close button. Its own chunk: pages that embed the widget inline never download it.
 */

export class ModalShell {
  readonly dialog: HTMLDialogElement;
  readonly #close: HTMLButtonElement;
  /** The host closed it (open = false), not the person. */
  #closingByHost = false;
  /** The page's own `overflow` before the dialog locked its scrolling. */
  #pageOverflow: string | null = null;

  /** `onClosed` runs when the dialog closes for any reason: Escape, the close button, Done (`byPerson`), or the host. */
  constructor(shadow: ShadowRoot, onClosed: (byPerson: boolean) => void) {
    const doc = shadow.ownerDocument;
    adoptStyles(shadow, BUTTON_CSS);
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
    this.dialog.addEventListener('close', () => {
      this.#unlockScroll();
      const byPerson = !this.#closingByHost;
      this.#closingByHost = false;
      onClosed(byPerson);
    });
    shadow.append(this.dialog);
  }

  label(title: string, close: string, dir: 'ltr' | 'rtl'): void {
    this.dialog.setAttribute('aria-label', title);
    this.dialog.dir = dir; // the close button sits at the inline end: on the left in Arabic
    this.#close.setAttribute('aria-label', close);
  }

  /** Shows or hides the dialog; true when this call opened it. */
  sync(open: boolean): boolean {
    if (open && !this.dialog.open) {
      this.#lockScroll();
      this.dialog.showModal();
      return true;
    }
    if (!open && this.dialog.open) {
      this.#closingByHost = true;
      this.dialog.close();
    }
    return false;
  }

  remove(): void {
    if (this.dialog.open) this.dialog.close();
    this.#unlockScroll();
    this.dialog.remove();
  }

  /** A modal dialog makes the page inert but not still: wheel and touch would scroll it behind. */
  #lockScroll(): void {
    const root = this.dialog.ownerDocument.documentElement;
    if (this.#pageOverflow !== null) return;
    this.#pageOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }

  #unlockScroll(): void {
    if (this.#pageOverflow === null) return;
    this.dialog.ownerDocument.documentElement.style.overflow = this.#pageOverflow;
    this.#pageOverflow = null;
  }
}
