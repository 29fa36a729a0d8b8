/**
 * `kyc-widget/vue`: types only. `<kyc-widget>` in Vue templates, typed (Volar / vue-tsc):
 *
 *   // env.d.ts
 *   import type {} from 'kyc-widget/vue';
 *
 * Bind inputs as DOM properties, in camelCase: `:sessionToken.prop="token"` (`:session-token.prop` would set a
 * property named "session-token"), and tell the compiler it is a custom element (`isCustomElement`). The attribute
 * form (`session-url="…"`, text) type-checks too.
 */
import type { DefineComponent } from 'vue';
import type { KycWidgetTemplateInputs, KycWidgetVueEventProps } from './frameworks';

declare module 'vue' {
  interface GlobalComponents {
    'kyc-widget': DefineComponent<KycWidgetTemplateInputs & KycWidgetVueEventProps>;
  }
}

export type { KycWidgetAttributes, KycWidgetInputs } from './frameworks';
