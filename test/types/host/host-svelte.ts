// Svelte: the element's attributes as svelte-check reads them (events in Svelte 5's and Svelte 4's form).
import type {} from 'kyc-widget/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

const attributes: SvelteHTMLElements['kyc-widget'] = {
  provider: 'didit',
  sessionUrl: 'https://verify.didit.me/session/x',
  'onkyc-complete': (e) => void e.detail.outcome,
  'on:kyc-progress': (e) => void e.detail.step.toUpperCase(),
  'on:kyc-error': (e) => void e.detail.recoverable,
  'decision-endpoint': '/api/kyc-decision',
  'onkyc-decision': (e) => void e.detail.confirmed,
};
void attributes;
const auto: SvelteHTMLElements['kyc-widget'] = { provider: 'auto', 'session-endpoint': '/api/kyc-session' };
void auto;
