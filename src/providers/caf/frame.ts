import { asRecord, upper } from '../../frame/decode';
import { Problem } from '../../frame/problem';
import { readyOnFirstLoad } from '../first-load';
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

  // CAF has no ready message: its first load is ready. Its first STEP_STARTED is the start (whether or not it names
  // the step, which only the step's kyc-progress needs).
  hear() {
    const load = readyOnFirstLoad();
    let started = false;
    return (message) => {
      if (!message) return load(null);
      if (started || upper(asRecord(message)?.code) !== 'STEP_STARTED') return undefined;
      started = true;
      return { said: 'start' };
    };
  },
};
