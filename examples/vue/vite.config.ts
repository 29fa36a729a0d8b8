import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  // <kyc-widget> is a custom element, not a Vue component: Vue must not try to resolve it.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'kyc-widget' } } })],
});
