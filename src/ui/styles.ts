/**
 * All of the widget's CSS, adopted into its shadow root as a constructed stylesheet
 * (works under a CSP without 'unsafe-inline'; nothing leaks into or out of the host page).
 *
 * Custom properties (documented in custom-elements.json):
 *   --kyc-color-accent, --kyc-color-text, --kyc-color-background, --kyc-color-muted, --kyc-color-danger,
 *   --kyc-radius, --kyc-font, --kyc-frame-height
 */
export const CSS = `
:host { display: block; position: relative; font: 16px/1.45 var(--kyc-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --_accent: var(--kyc-color-accent, #1d4ed8); --_text: var(--kyc-color-text, #111827); --_bg: var(--kyc-color-background, #ffffff);
  --_muted: var(--kyc-color-muted, #4b5563); --_danger: var(--kyc-color-danger, #b91c1c); --_ok: #15803d; --_radius: var(--kyc-radius, 12px);
  color: var(--_text); }
:host([hidden]) { display: none; }
.root[data-theme="dark"] { --_accent: var(--kyc-color-accent, #93c5fd); --_text: var(--kyc-color-text, #f3f4f6); --_bg: var(--kyc-color-background, #111827); --_muted: var(--kyc-color-muted, #d1d5db); --_danger: var(--kyc-color-danger, #fca5a5); --_ok: #86efac; }
@media (prefers-color-scheme: dark) {
  .root[data-theme="auto"] { --_accent: var(--kyc-color-accent, #93c5fd); --_text: var(--kyc-color-text, #f3f4f6); --_bg: var(--kyc-color-background, #111827); --_muted: var(--kyc-color-muted, #d1d5db); --_danger: var(--kyc-color-danger, #fca5a5); --_ok: #86efac; }
}
.root { position: relative; box-sizing: border-box; color: var(--_text); background: var(--_bg); border-radius: var(--_radius); overflow: hidden; }
.stage { position: relative; height: var(--_frame-resized, var(--kyc-frame-height, 600px)); min-height: 240px; transition: height .15s ease-out; }
.frame-box { position: absolute; inset: 0; }
.frame { display: block; width: 100%; height: 100%; border: 0; background: transparent; color-scheme: normal; }
.root:not([data-state="ready"]):not([data-state="in-progress"]):not([data-state="submitted"]) .frame-box { visibility: hidden; }
.ui { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 24px; box-sizing: border-box; background: var(--_bg); overflow: auto; }
.root[data-state="ready"] .ui, .root[data-state="in-progress"] .ui, .root[data-state="submitted"] .ui, .root[data-state="idle"] .ui { display: none; }
.screen { max-width: 28rem; text-align: center; display: flex; flex-direction: column; align-items: center; gap: 12px; }
.screen h2 { margin: 0; font-size: 1.25rem; line-height: 1.3; outline: none; }
.screen p { margin: 0; color: var(--_muted); }
.icon { width: 48px; height: 48px; border-radius: 50%; display: grid; place-items: center; font-size: 26px; font-weight: 700; color: var(--_bg); background: var(--_muted); }
.icon[data-kind="approved"] { background: var(--_ok); }
.icon[data-kind="declined"], .icon[data-kind="error"] { background: var(--_danger); }
.icon[data-kind="pending"], .icon[data-kind="review"] { background: var(--_accent); }
.spinner { width: 36px; height: 36px; border-radius: 50%; border: 4px solid color-mix(in srgb, var(--_accent) 25%, transparent); border-top-color: var(--_accent); animation: spin 0.9s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 3s; } .stage { transition: none; } }
button { font: inherit; cursor: pointer; border-radius: calc(var(--_radius) * 0.67); min-height: 44px; min-width: 44px; padding: 10px 20px; }
.primary { background: var(--_accent); color: var(--_bg); border: 2px solid var(--_accent); font-weight: 600; }
.primary:hover { filter: brightness(1.1); }
button:focus-visible { outline: 3px solid var(--_accent); outline-offset: 2px; }
.close { position: absolute; top: 8px; inset-inline-end: 8px; z-index: 2; background: var(--_bg); color: var(--_text); border: 1px solid var(--_muted); padding: 0; width: 44px; font-size: 22px; line-height: 1; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
dialog { padding: 0; border: 0; border-radius: var(--_radius); width: min(100vw - 16px, 40rem); max-width: none; max-height: calc(100dvh - 16px); background: var(--_bg); overflow: visible; }
dialog::backdrop { background: rgb(0 0 0 / 0.55); }
dialog .stage { height: min(var(--_frame-resized, var(--kyc-frame-height, 680px)), calc(100dvh - 16px)); }
@media (max-width: 480px) { dialog { width: 100vw; max-height: 100dvh; height: 100dvh; border-radius: 0; } dialog .stage { height: 100dvh; } }
`;

let shared: CSSStyleSheet | undefined;

/** Adopts the shared stylesheet (one per document), falling back to a <style> element on old engines. */
export function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    shared ??= new CSSStyleSheet();
    if (shared.cssRules.length === 0) shared.replaceSync(CSS);
    if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = CSS;
  root.prepend(style);
}
