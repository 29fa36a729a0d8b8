import type { ProviderFrame } from '../types';
import { tokenOf } from '../url';

/**
 * CAF Onboarding (docs/providers/caf.md): `https://cadastro.io/<token>`, or the onboarding link CAF's API
 * returns (white-label tenants and the beta environment are subdomains of cadastro.io).
 */

export const CAF_HOST = 'https://cadastro.io';
const PATH_TOKEN = /^[A-Za-z0-9_.-]{1,1024}$/;

export const caf: ProviderFrame<'caf'> = {
  id: 'caf',
  origins: [CAF_HOST, 'https://*.cadastro.io', 'https://*.beta.cadastro.io'],
  // CAF's docs: allow="camera;geolocation" (the location goes to CAF's trust platform).
  allow: 'camera; geolocation',

  frameUrl({ sessionUrl, sessionToken }) {
    if (sessionUrl) return { ok: true, url: new URL(sessionUrl.href) };
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (!token)
      return {
        ok: false,
        message: "CAF needs a session-url (the onboarding link) or a session-token (the link's token)",
      };
    if (!PATH_TOKEN.test(token) || token.startsWith('.'))
      return { ok: false, message: 'session-token is not a valid CAF onboarding token' };
    return { ok: true, url: new URL(`/${token}`, CAF_HOST) };
  },
};
