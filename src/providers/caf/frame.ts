import { Problem } from '../../frame/problem';
import type { ProviderFrame } from '../types';
import { copy, needs, tokenOf } from '../url';

/**
 * CAF Onboarding (docs/providers/caf.md): `https://cadastro.io/<token>`, or the onboarding link CAF's API returns
 * (white-label tenants and the beta environment are subdomains of cadastro.io).
 */

export const CAF_HOST = 'https://cadastro.io';

/** A CAF onboarding token as a path segment (and not starting with a dot). */
export const CAF_TOKEN = /^(?!\.)[A-Za-z0-9_.-]{1,1024}$/;

export const caf: ProviderFrame<'caf'> = {
  id: 'caf',
  origins: [CAF_HOST, 'https://*.cadastro.io', 'https://*.beta.cadastro.io'],
  // CAF's docs: allow="camera;geolocation" (the location goes to CAF's trust platform).
  allow: 'camera; geolocation',

  frameUrl({ sessionUrl, sessionToken }) {
    if (sessionUrl) return { url: copy(sessionUrl) };
    const token = tokenOf(sessionToken);
    if (!token) return needs('caf');
    return CAF_TOKEN.test(token) ? { url: new URL(`/${token}`, CAF_HOST) } : new Problem('token', 'caf');
  },
};
