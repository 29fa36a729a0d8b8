'use client';
// The verification step, a client component: kyc-widget/react's <KycWidget> sets its inputs as properties in an
// effect, so the server renders an inert <kyc-widget> with no token, and the tag upgrades in the browser.
import { useEffect, useState } from 'react';
import type { KycEventDetails, KycWidgetElement } from 'kyc-widget';
import { KycWidget } from 'kyc-widget/react';

const OPTIONS = { note: 'object option' };
const SESSION_ENDPOINT = '/api/kyc-session';

interface Session {
  sessionUrl?: string;
  sessionToken?: string;
}

/**
 * `endpoint`: the widget asks the route handler itself (`session-endpoint`; it also refreshes an expired token).
 * Otherwise the page asks once and sets `sessionUrl`/`sessionToken` as properties.
 */
export function Verification({ endpoint }: { endpoint: boolean }) {
  const [session, setSession] = useState<Session>();
  const [outcome, setOutcome] = useState<string>();

  useEffect(() => {
    if (endpoint) return;
    // Aborted on unmount: under Strict Mode the effect runs twice in development, and only one answer may land.
    const abort = new AbortController();
    fetch(SESSION_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'generic', locale: document.documentElement.lang, refresh: false }),
      signal: abort.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<Session>) : Promise.reject(response.status)))
      .then(setSession, (error: unknown) => abort.signal.aborted || console.warn('no session', error));
    return () => abort.abort();
  }, [endpoint]);

  // The host's own handler: the outcome is the person's browser speaking; the server confirms it (webhook).
  const onComplete = (event: CustomEvent<KycEventDetails['kyc-complete']>) => {
    setOutcome(event.detail.outcome);
    document.body.dataset.outcome = event.detail.outcome;
    document.body.dataset.options = JSON.stringify((event.target as KycWidgetElement).options);
  };

  return (
    <section aria-labelledby="verify-heading">
      <h2 id="verify-heading">Verify your identity</h2>
      {endpoint ? (
        <KycWidget provider="generic" sessionEndpoint={SESSION_ENDPOINT} options={OPTIONS} onComplete={onComplete} />
      ) : (
        <KycWidget
          provider="generic"
          sessionUrl={session?.sessionUrl}
          sessionToken={session?.sessionToken}
          options={OPTIONS}
          onComplete={onComplete}
        />
      )}
      {outcome && <p>Outcome: {outcome}</p>}
    </section>
  );
}
