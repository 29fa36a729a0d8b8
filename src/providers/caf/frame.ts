import { CAF_TOKEN, cafUrl, FACTS, tokenOf } from '../../boot/frames';
import type { ProviderFrame } from '../types';

/**
 * CAF Onboarding (docs/providers/caf.md): `https://cadastro.io/<token>`, or the onboarding link CAF's API
 * returns (white-label tenants and the beta environment are subdomains of cadastro.io).
 */

export { CAF_HOST } from '../../boot/frames';

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
