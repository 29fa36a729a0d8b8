// A host's TypeScript against the built package, as it resolves `kyc-widget` (package.json "exports").
import { defineKycWidget, type KycWidgetElement } from 'kyc-widget';
import 'kyc-widget/define';

defineKycWidget('acme-kyc');
const el = document.createElement('kyc-widget');
el.sessionToken = 'from-the-backend';
document.addEventListener('kyc-complete', (e) => {
  const outcome: 'approved' | 'declined' | 'pending' = e.detail.outcome;
  void outcome;
});
el.addEventListener('kyc-error', (e) => void e.detail.recoverable);
const typed: KycWidgetElement = el;
void typed;
