// A host's TypeScript against the built package, as it resolves `kyc-widget` (package.json "exports").
import { defineKycWidget, type KycWidgetElement } from 'kyc-widget';
import 'kyc-widget/define';
// One provider's entry (package.json "./*"; under node10, typesVersions "*", with the root's own types kept by the
// exact key of its "types" path, which a "*" pattern would otherwise send to the provider entries' types too).
import { defineKycWidget as defineSumsub, KycWidgetElement as SumsubElement } from 'kyc-widget/sumsub';

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
const sumsub: typeof SumsubElement | undefined = defineSumsub('sumsub-kyc');
void sumsub;
