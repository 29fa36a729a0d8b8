import { useState } from 'react';
import type { KycEventDetails, KycWidgetElement } from 'kyc-widget';
import { KycWidget } from 'kyc-widget/react';

const TOKEN = 'sbx_tok_example_secret';
const OPTIONS = { note: 'object option' };

export function App({ sandbox, wrapper }: { sandbox: string; wrapper: boolean }) {
  const [outcome, setOutcome] = useState<string>();
  const url = `${sandbox}/generic?script=ready,start,progress:document:1:2,submit,complete:approved&session=example_react`;

  // The host's own handler: what a real app does with the (client-side, to be confirmed) outcome.
  const onComplete = (event: CustomEvent<KycEventDetails['kyc-complete']>) => {
    setOutcome(event.detail.outcome);
    document.body.dataset.outcome = event.detail.outcome;
    document.body.dataset.options = JSON.stringify((event.target as KycWidgetElement).options);
  };

  return (
    <main>
      <h1>Verify your identity</h1>
      {wrapper ? (
        // The package's React component: inputs as properties, typed callbacks.
        <KycWidget
          provider="generic"
          sessionUrl={url}
          sessionToken={TOKEN}
          options={OPTIONS}
          onComplete={onComplete}
          data-testid="kyc"
        />
      ) : (
        // React 19 sets properties on a custom element that has them, and `onkyc-complete` listens to the event.
        // Options as JSON text: if the tag is defined after this render, React writes attributes, and an object
        // would arrive as "[object Object]" (a string arrives whole; the token is recovered and scrubbed).
        <kyc-widget
          provider="generic"
          sessionUrl={url}
          sessionToken={TOKEN}
          options={JSON.stringify(OPTIONS)}
          onkyc-complete={onComplete}
        />
      )}
      {outcome && <p>Outcome: {outcome}</p>}
    </main>
  );
}
