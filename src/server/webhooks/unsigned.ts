/**
 * Providers whose webhooks (callbacks, notifications) carry no signature this verifier could check: it refuses
 * them as `unsigned-provider` with what to do instead. docs/webhooks.md and each provider's page give the sources.
 */
export const UNSIGNED: Readonly<Record<string, string>> = {
  jumio:
    'Jumio does not sign its callbacks: allowlist its callback IP addresses, then fetch the result from the retrieval API with your credentials',
  yoti: 'Yoti does not sign its notifications: check the Authorization header (the Basic or Bearer auth_token you set when creating the session), then fetch the session from the Yoti API',
  veratad:
    'Veratad VX documents no webhook signature: keep the endpoint secret and authenticated, then confirm the result with the VX API',
  caf: 'CAF documents no webhook signature that this verifier can check: authenticate the endpoint, then fetch the execution from the CAF API',
  socure:
    'Socure RiskOS does not sign its webhooks: require the Basic, Bearer or OAuth2 credentials you configured it to send, accept only its source addresses, then read the evaluation from the RiskOS API',
  incode:
    'Incode does not sign its webhooks: require the OAuth2 client credentials or static headers you configured it to send, accept only its source addresses, then fetch the onboarding result from the Incode API',
  zignsec:
    'ZignSec documents no webhook signature that this verifier can check: authenticate the endpoint, then fetch the session from the ZignSec API',
};
