// Svelte 5: the element's attributes as svelte-check reads them.
import type {} from 'kyc-widget/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

const attributes: SvelteHTMLElements['kyc-widget'] = {
  provider: 'didit',
  sessionUrl: 'https://verify.didit.me/session/x',
  'onkyc-complete': (e) => void e.detail.outcome,
  'decision-endpoint': '/api/kyc-decision',
  'onkyc-decision': (e) => void e.detail.confirmed,
};
void attributes;
