// Must NOT compile: a wrong outcome literal, a wrong provider, a wrong event field.
import 'kyc-widget';

document.addEventListener('kyc-complete', (e) => {
  const outcome: 'approved' | 'rejected' = e.detail.outcome;
  void outcome;
});
document.createElement('kyc-widget').provider = 'socure';
document.addEventListener('kyc-error', (e) => void e.detail.outcome);
