/**
 * A host's TypeScript, type-checked by `npm test` (tsconfig.test.json): what must compile does, and each
 * `@ts-expect-error` line is a misuse that must not (tsc fails if one of them starts compiling).
 */
import { defineKycWidget, type KycWidgetElement, type ProviderId } from '../../src/index';

defineKycWidget();

const el = document.createElement('kyc-widget');
const typed: KycWidgetElement = el;
typed.provider = 'sumsub';
typed.sessionToken = 'from-the-backend';
typed.mode = 'modal';
typed.open = true;
typed.options = { templateId: 'itmpl_x' };

document.addEventListener('kyc-complete', (e) => {
  const outcome: 'approved' | 'declined' | 'pending' = e.detail.outcome;
  const provider: string = e.detail.provider;
  void [outcome, provider];
});
el.addEventListener('kyc-error', (e) => {
  const recoverable: boolean = e.detail.recoverable;
  const code:
    | 'config-invalid'
    | 'session-fetch-failed'
    | 'session-expired'
    | 'frame-load-timeout'
    | 'camera-unavailable'
    | 'provider-error'
    | 'offline' = e.detail.code;
  void [recoverable, code];
});
window.addEventListener('kyc-warning', (e) => {
  const code: string = e.detail.code;
  // provider="auto" moved the person on: from `previous` to `provider`.
  if (e.detail.code === 'provider-switched') void [code, e.detail.previous, e.detail.provider];
});
typed.provider = 'auto';
el.addEventListener('kyc-progress', (e) => void [e.detail.step.toUpperCase(), e.detail.index]);
el.addEventListener('kyc-statechange', (e) => void e.detail.state);
el.addEventListener('kyc-close', (e) => void e.detail.state);
typed.decisionEndpoint = '/api/kyc-decision';
document.addEventListener('kyc-decision', (e) => {
  const decision: 'approved' | 'declined' | 'review' = e.detail.decision;
  const confirmed: boolean = e.detail.confirmed;
  const sessionId: string | undefined = e.detail.sessionId;
  void [decision, confirmed, sessionId];
});
document.querySelector('kyc-widget')?.start();
const id: ProviderId = 'persona';
void id;

// @ts-expect-error: not a provider the widget speaks
typed.provider = 'socure';
// @ts-expect-error: mode is inline or modal
typed.mode = 'popup';
document.addEventListener('kyc-complete', (e) => {
  // @ts-expect-error: an outcome is not a number
  const n: number = e.detail.outcome;
  // @ts-expect-error: kyc-complete has no error code
  void e.detail.code;
  void n;
});
el.addEventListener('kyc-error', (e) => {
  // @ts-expect-error: not one of the documented error codes
  const wrong: typeof e.detail.code = 'network-error';
  void wrong;
  void e;
});
el.addEventListener('kyc-decision', (e) => {
  // @ts-expect-error: a decision is approved, declined or review, never pending (that is kyc-complete's outcome)
  const pending: typeof e.detail.decision = 'pending';
  void pending;
  void e;
});
// @ts-expect-error: decision-endpoint is a URL's text
typed.decisionEndpoint = new URL('https://a.example/d');
// @ts-expect-error: state is read-only
typed.state = 'complete';
