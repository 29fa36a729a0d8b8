/**
 * `kyc-widget/svelte`: types only. `<kyc-widget>` in Svelte components, typed (svelte-check):
 *
 *   // src/app.d.ts (or any .d.ts the project includes)
 *   import type {} from 'kyc-widget/svelte';
 *
 * Every input is typed in both forms: `sessionUrl={url}` and `session-url={url}`. Svelte sets a value as a
 * property when the element has one (so define the tag before the first render: `import 'kyc-widget/define'`).
 * Every event is typed in both forms too: `onkyc-complete={…}` (Svelte 5) and `on:kyc-complete={…}` (Svelte 4's
 * directive, kept by Svelte 5 in components without runes).
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { KycWidgetElement } from './element/kyc-widget';
import type { KycWidgetEventProps, KycWidgetSvelteEventDirectives, KycWidgetTemplateInputs } from './frameworks';

/** What `<kyc-widget>` accepts in a Svelte template. */
export type KycWidgetSvelteAttributes = Omit<HTMLAttributes<KycWidgetElement>, keyof KycWidgetTemplateInputs> &
  KycWidgetTemplateInputs &
  KycWidgetEventProps &
  KycWidgetSvelteEventDirectives;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'kyc-widget': KycWidgetSvelteAttributes;
  }
}

export type { KycWidgetAttributes, KycWidgetInputs } from './frameworks';
