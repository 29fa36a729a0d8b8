// <kyc-widget> in Svelte templates, typed for svelte-check.
import type {} from 'kyc-widget/svelte';
