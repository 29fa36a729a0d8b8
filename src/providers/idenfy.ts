import type { Outcome, ProviderAdapter, Signal } from './types';
import { asRecord, complete, foldKeys, safely, setMissing, tokenOf, upper } from './wire';

/**
 * iDenfy's iframe (docs/providers/idenfy.md). It says nothing until the session ends, so the
 * iframe's first `load` is the ready signal; the one message it sends, `{status, manualStatus, …}`,
 * comes as an object or a JSON string, with keys and values in any letter case.
 */

export const IDENFY_HOST = 'https://ui.idenfy.com';
export const IDENFY_KYB_HOST = 'https://kyb.ui.idenfy.com';

export const idenfy: ProviderAdapter = {
  id: 'idenfy',
  origins: [IDENFY_HOST, IDENFY_KYB_HOST],
  allow: 'camera',
  allowFullscreen: true,

  frameUrl({ sessionUrl, sessionToken, options, locale }) {
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token) return { ok: false, message: 'session-token is not a valid iDenfy authToken' };
    if (options.kyb !== undefined && typeof options.kyb !== 'boolean') return { ok: false, message: 'options.kyb must be true or false' };
    let url: URL;
    if (sessionUrl) {
      url = new URL(sessionUrl.href);
    } else if (token) {
      url = new URL('/', options.kyb === true ? IDENFY_KYB_HOST : IDENFY_HOST);
    } else {
      return { ok: false, message: 'iDenfy needs a session-token (the authToken from iDenfy\'s token API) or a session-url' };
    }
    // iDenfy's wire format carries the token in the URL; there is no other way to hand it over.
    setMissing(url, 'authToken', token);
    setMissing(url, 'lang', locale);
    return { ok: true, url };
  },

  createSession() {
    let loaded = false;
    return {
      onLoad() {
        // In-frame navigations fire `load` again; only the first one means "ready".
        if (loaded) return [];
        loaded = true;
        return [{ type: 'ready' }];
      },

      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (!data) return [];
          const fields = foldKeys(data);
          const status = upper(fields.get('status'));
          const manual = upper(fields.get('manualstatus'));
          if (status === 'UNVERIFIED') return [{ type: 'cancel' }];
          if (status !== 'APPROVED' && status !== 'FAILED') return [];
          // The person finished the flow: that is a submission, then an outcome.
          return [{ type: 'submit' }, complete(outcomeOf(status, manual))];
        }),
    };
  },
};

/** A pending manual review wins; a finished manual review is the decision; else the automatic status. */
function outcomeOf(status: 'APPROVED' | 'FAILED', manual: string | undefined): Outcome {
  if (manual === 'WAITING') return 'pending';
  if (manual === 'APPROVED') return 'approved';
  if (manual === 'FAILED') return 'declined';
  return status === 'APPROVED' ? 'approved' : 'declined';
}
