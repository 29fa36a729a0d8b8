import { CAF_HOST, copy, FACTS, tokenOf } from './facts';
import type { ProviderFrame } from './types';

/**
 * CAF Onboarding (docs/providers/caf.md): `https://cadastro.io/<token>`, or the onboarding link CAF's API
 * returns (white-label tenants and the beta environment are subdomains of cadastro.io).
 */

export { CAF_HOST } from './facts';

/** A CAF onboarding token as a path segment (and not starting with a dot). */
export const CAF_TOKEN = /^(?!\.)[A-Za-z0-9_.-]{1,1024}$/;

/** CAF: the onboarding link, or `https://cadastro.io/<token>`. */
export const cafUrl = (sessionUrl: URL | undefined, token: string): URL =>
  sessionUrl ? copy(sessionUrl) : new URL(`/${token}`, CAF_HOST);

export const caf: ProviderFrame<'caf'> = {
  id: 'caf',
  ...FACTS.caf,

  frameUrl({ sessionUrl, sessionToken }) {
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (!sessionUrl && !token)
      return {
        ok: false,
        message: "CAF needs a session-url (the onboarding link) or a session-token (the link's token)",
      };
    if (!sessionUrl && !CAF_TOKEN.test(token!))
      return { ok: false, message: 'session-token is not a valid CAF onboarding token' };
    return { ok: true, url: cafUrl(sessionUrl, token ?? '') };
  },
};
