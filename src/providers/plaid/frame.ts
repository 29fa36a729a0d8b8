import { sdkLoader } from '../sdk-url';
import type { ProviderFrame } from '../types';

/**
 * Plaid Identity Verification through Link (docs/providers/plaid.md): `link-initialize.js` from Plaid's CDN only,
 * unversioned (react-plaid-link@5.0.0 src/constants.ts); `Plaid.create({token: session-token, …}).open()` shows
 * Plaid's own overlay.
 */
export const PLAID_LINK_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export const plaid: ProviderFrame<'plaid'> = {
  id: 'plaid',
  origins: ['https://cdn.plaid.com'],
  allow: 'camera',
  sdk: { mount: 'overlay', delivery: { kind: 'script', global: 'Plaid' } },
  frameUrl: ({ options, sessionToken }) => sdkLoader('plaid', options, sessionToken, PLAID_LINK_URL),
};
