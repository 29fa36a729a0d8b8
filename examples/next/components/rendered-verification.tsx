'use client';
// The verification step server-rendered (app/page.tsx with ?rendered=1): the page's server component rendered the
// widget with renderKycWidget (kyc-widget/server), so the provider's frame is requested while the browser parses
// the HTML; <KycWidget rendered> keeps that DOM through hydration and the element adopts it.
import type { KycEventDetails, KycWidgetElement } from 'kyc-widget';
import { KycWidget } from 'kyc-widget/react';

export function RenderedVerification({ rendered }: { rendered: string }) {
  // The host's own handler, as in components/verification.tsx.
  const onComplete = (event: CustomEvent<KycEventDetails['kyc-complete']>) => {
    document.body.dataset.outcome = event.detail.outcome;
    document.body.dataset.options = JSON.stringify((event.target as KycWidgetElement).options);
  };
  return (
    <section aria-labelledby="verify-heading">
      <h2 id="verify-heading">Verify your identity</h2>
      <KycWidget rendered={rendered} onComplete={onComplete} />
    </section>
  );
}
