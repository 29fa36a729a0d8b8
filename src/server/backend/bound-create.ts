/**
 * createKycBackend's create, as the session handler runs it (after its authorize and its limit): the provider's
 * session, bound to the user who asked and started in the attempts ledger, or its failure entered there.
 */
import { developmentFrame } from '../development';
import { SessionRefusal } from '../errors';
import type { CreateSession, SessionResult } from '../session-types';
import { idOf, referenceOf } from '../webhooks/fields';
import { failureOf, type AttemptEnd } from './attempts';
import type { KycStore } from './store';

/** An attempt's end in the ledger: a failure to write it is told, never the person's (their answer is unchanged). */
export function ledgerOf(store: KycStore, report: (error: unknown) => void): (end: AttemptEnd) => Promise<void> {
  return async (end) => {
    try {
      await store.attemptEnded?.(end);
    } catch (error) {
      report(error);
    }
  };
}

export function boundCreate(
  createSession: CreateSession,
  store: KycStore,
  ledger: (end: AttemptEnd) => Promise<void>,
  development: boolean,
  report: (error: unknown) => void,
): CreateSession {
  return async (context) => {
    const userId = context.userId!;
    let result: SessionResult;
    try {
      result = await createSession(context);
    } catch (error) {
      await ledger({ provider: context.provider, userId, reason: failureOf(error), sessionless: true });
      throw error;
    }
    const frame = development ? undefined : developmentFrame(result);
    if (frame) {
      report(new Error(`createKycBackend: ${frame}`));
      throw new SessionRefusal(403, 'development-only', 'This verification is not available here.');
    }
    const sessionId = idOf(result?.sessionId);
    const referenceId = referenceOf(result?.referenceId) ?? (sessionId ? undefined : referenceOf(userId));
    // A user id that cannot be a reference (over 255 characters, or spaces…) binds nothing without a sessionId.
    if (sessionId || referenceId) {
      await store.bind({
        provider: context.provider,
        userId,
        ...(sessionId && { sessionId }),
        ...(referenceId && { referenceId }),
      });
    }
    return result;
  };
}
