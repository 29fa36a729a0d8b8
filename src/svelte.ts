/**
 * `kyc-widget/svelte`: types only. `<kyc-widget>` in Svelte 5 components, typed (svelte-check):
 *
 *   // src/app.d.ts (or any .d.ts the project includes)
 *   import type {} from 'kyc-widget/svelte';
 *
 * Every input is typed in both forms: `sessionUrl={url}` and `session-url={url}`. Svelte 5 sets a value as a
 * property when the element has one (so define the tag before the first render: `import 'kyc-widget/define'`),
 * and `onkyc-complete={…}` listens to the event.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { KycWidgetElement } from './element/kyc-widget';
import type { KycWidgetEventProps, KycWidgetTemplateInputs } from './frameworks';

/** What `<kyc-widget>` accepts in a Svelte template. */
export type KycWidgetSvelteAttributes = Omit<HTMLAttributes<KycWidgetElement>, keyof KycWidgetTemplateInputs> &
  KycWidgetTemplateInputs &
  KycWidgetEventProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'kyc-widget': KycWidgetSvelteAttributes;
  }
}

export type { KycWidgetAttributes, KycWidgetInputs } from './frameworks';
