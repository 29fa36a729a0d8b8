// <kyc-widget> in templates, typed for vue-tsc and Volar.
import type {} from 'kyc-widget/vue';

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
