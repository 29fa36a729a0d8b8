/**
 * The widget's CSS for its skeleton (frame, loading screen, dialog); the screens' own rules come with
 * the UI chunk (screen-styles.css), the dialog's with the modal chunk (modal.css), and the buttons both have
 * (buttons.css) by whichever of the two comes first. All of it adopted into its shadow root as a constructed stylesheet
 * (works under a CSP without 'unsafe-inline'; nothing leaks into or out of the host page).
 *
 * Custom properties (documented in custom-elements.json):
 *   --kyc-color-accent, --kyc-color-text, --kyc-color-background, --kyc-color-muted, --kyc-color-danger,
 *   --kyc-radius, --kyc-font, --kyc-frame-height
 */
import buttonsText from './buttons.css?inline';
import cssText from './styles.css?inline';

/** Typed here so that the published declarations do not depend on Vite's `?inline` module types. */
export const CSS: string = cssText;
/** Every button's rules: adopted by the screens (UI chunk) and by the modal (modal chunk), from here. */
export const BUTTON_CSS: string = buttonsText;

const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adopts `css` into the shadow root as a constructed stylesheet shared by every widget on the page
 * (allowed under a CSP without 'unsafe-inline'), or a <style> element on engines without them.
 */
export function adoptStyles(root: ShadowRoot, css: string = CSS): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  root.append(style);
}
