// React 19: the wrapper with typed callbacks, and <kyc-widget> directly in TSX.
import { KycWidget } from 'kyc-widget/react';

export function Verify({ token }: { token: string }) {
  return (
    <>
      <KycWidget
        provider="sumsub"
        sessionToken={token}
        onComplete={(e) => console.log(e.detail.outcome)}
        decisionEndpoint="/api/kyc-decision"
        onDecision={(e) => console.log(e.detail.decision, e.detail.confirmed)}
        data-testid="kyc"
        aria-label="Verification"
      />
      <KycWidget
        provider="auto"
        sessionEndpoint="/api/kyc-session"
        onWarning={(e) => e.detail.code === 'provider-switched' && console.log(e.detail.previous, e.detail.provider)}
      />
      <kyc-widget
        provider="veriff"
        sessionUrl="https://alchemy.veriff.com/v/x"
        onkyc-complete={(e) => console.log(e.detail.outcome)}
        decision-endpoint="/api/kyc-decision"
        onkyc-decision={(e) => console.log(e.detail.decision)}
      />
    </>
  );
}
