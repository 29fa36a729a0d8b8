/**
 * The decision table of each provider: a signed body per documented event or status, and what it normalizes to.
 */
import { describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookDecision } from '../../../src/server/webhooks/verify';
import { NOW_MS, NOW_S, SECRET, SIGNERS } from './signing';

type Provider = keyof typeof SIGNERS;

/**
 * The normalized fields of a signed body (verify.test.ts covers eventId and payload; they are left out here).
 * Didit's bodies get the fresh `timestamp` its signature needs (and so an occurredAt, removed here too).
 */
async function normalize(provider: Provider, payload: unknown) {
  const body = JSON.stringify(provider === 'didit' ? { ...(payload as object), timestamp: NOW_S } : payload);
  const result = await verifyWebhook(provider, {
    rawBody: body,
    headers: SIGNERS[provider](body, SECRET, NOW_S),
    secret: SECRET,
    now: NOW_MS,
  });
  if (!result.ok) return result;
  const { eventId, payload: parsed, occurredAt, ...rest } = result;
  expect(eventId).toMatch(/^\S{1,256}$/);
  expect(parsed).toEqual(JSON.parse(body));
  return provider === 'didit' ? rest : occurredAt === undefined ? rest : { ...rest, occurredAt };
}

const persona = (name: string, status: string, type = 'inquiry') => ({
  data: {
    type: 'event',
    id: 'evt_1',
    attributes: { name, payload: { data: { type, id: 'inq_1', attributes: { status, 'reference-id': 'ref-1' } } } },
  },
});

describe('Persona: inquiry events', () => {
  it.each<[string, string, WebhookDecision]>([
    ['inquiry.approved', 'approved', 'approved'],
    ['inquiry.declined', 'declined', 'declined'],
    ['inquiry.failed', 'failed', 'declined'],
    ['inquiry.marked-for-review', 'needs_review', 'review'],
    ['inquiry.completed', 'completed', null],
    ['inquiry.created', 'created', null],
    ['inquiry.started', 'pending', null],
    ['inquiry.expired', 'expired', null],
    ['inquiry.transitioned', 'pending', null],
    ['inquiry.redacted', 'approved', null],
  ])('%s → %s', async (name, status, decision) => {
    expect(await normalize('persona', persona(name, status))).toEqual({
      ok: true,
      provider: 'persona',
      event: name,
      sessionId: 'inq_1',
      referenceId: 'ref-1',
      decision,
    });
  });

  it('another object (an account) is no inquiry: no sessionId, no decision', async () => {
    expect(await normalize('persona', persona('account.created', 'active', 'account'))).toEqual({
      ok: true,
      provider: 'persona',
      event: 'account.created',
      decision: null,
    });
  });

  it('drops ids and references with unsafe characters or lengths', async () => {
    const payload = persona('inquiry.approved', 'approved');
    const data = payload.data.attributes.payload.data as { id: string; attributes: Record<string, unknown> };
    data.id = 'inq_1<script>';
    data.attributes['reference-id'] = 'x'.repeat(256);
    expect(await normalize('persona', payload)).toEqual({
      ok: true,
      provider: 'persona',
      event: 'inquiry.approved',
      decision: 'approved',
    });
  });
});

describe('Sumsub: applicant webhooks', () => {
  const sumsub = (type: string, reviewResult?: object) => ({
    applicantId: 'app_1',
    externalUserId: 'user@example.com',
    type,
    ...(reviewResult ? { reviewResult } : {}),
  });
  it.each<[string, object | undefined, WebhookDecision]>([
    ['applicantReviewed', { reviewAnswer: 'GREEN' }, 'approved'],
    ['applicantReviewed', { reviewAnswer: 'RED', reviewRejectType: 'FINAL' }, 'declined'],
    ['applicantReviewed', { reviewAnswer: 'RED' }, 'declined'],
    ['applicantReviewed', { reviewAnswer: 'RED', reviewRejectType: 'RETRY' }, null],
    ['applicantReviewed', undefined, null],
    ['applicantOnHold', undefined, 'review'],
    ['applicantPending', undefined, null],
    ['applicantCreated', undefined, null],
    ['applicantReset', undefined, null],
    ['applicantActionReviewed', { reviewAnswer: 'GREEN' }, null],
  ])('%s %j → %s', async (type, review, decision) => {
    expect(await normalize('sumsub', sumsub(type, review))).toEqual({
      ok: true,
      provider: 'sumsub',
      event: type,
      sessionId: 'app_1',
      referenceId: 'user@example.com',
      decision,
    });
  });
});

describe('Veriff: decision and event webhooks', () => {
  it.each<[string, WebhookDecision]>([
    ['approved', 'approved'],
    ['declined', 'declined'],
    ['review', 'review'],
    ['resubmission_requested', null],
    ['expired', null],
    ['abandoned', null],
  ])('decision %s → %s', async (status, decision) => {
    const payload = { status: 'success', verification: { id: 'f04bdb47-d3be-4b28-b028', status, vendorData: 'ref-1' } };
    expect(await normalize('veriff', payload)).toEqual({
      ok: true,
      provider: 'veriff',
      event: status,
      sessionId: 'f04bdb47-d3be-4b28-b028',
      referenceId: 'ref-1',
      decision,
    });
  });

  it.each(['started', 'submitted'])('event %s → no decision', async (action) => {
    const payload = {
      id: 'f04bdb47-d3be-4b28-b028',
      attemptId: 'a1',
      feature: 'selfid',
      code: 7002,
      action,
      vendorData: 'ref-1',
    };
    expect(await normalize('veriff', payload)).toEqual({
      ok: true,
      provider: 'veriff',
      event: action,
      sessionId: 'f04bdb47-d3be-4b28-b028',
      referenceId: 'ref-1',
      decision: null,
    });
  });

  it('a free-text vendorData (JSON in a string) is not passed on as a reference', async () => {
    const payload = { status: 'success', verification: { id: 'v1', status: 'approved', vendorData: '{"user": 1}' } };
    expect(await normalize('veriff', payload)).toEqual({
      ok: true,
      provider: 'veriff',
      event: 'approved',
      sessionId: 'v1',
      decision: 'approved',
    });
  });
});

describe('Didit: status.updated', () => {
  it.each<[string, WebhookDecision]>([
    ['Approved', 'approved'],
    ['Declined', 'declined'],
    ['In Review', 'review'],
    ['Not Started', null],
    ['In Progress', null],
    ['Abandoned', null],
    ['Expired', null],
    ['Resubmitted', null],
  ])('%s → %s', async (status, decision) => {
    const payload = { session_id: 'sess-1', status, webhook_type: 'status.updated', vendor_data: 'ref-1' };
    expect(await normalize('didit', payload)).toEqual({
      ok: true,
      provider: 'didit',
      event: 'status.updated',
      sessionId: 'sess-1',
      referenceId: 'ref-1',
      decision,
    });
  });

  it('an older payload without webhook_type is a status update; data.updated decides nothing', async () => {
    expect(await normalize('didit', { session_id: 's', status: 'Approved' })).toMatchObject({
      event: 'status.updated',
      decision: 'approved',
    });
    expect(
      await normalize('didit', { session_id: 's', status: 'Approved', webhook_type: 'data.updated' }),
    ).toMatchObject({
      event: 'data.updated',
      decision: null,
    });
  });
});

describe('iDenfy: verification results', () => {
  it.each<[string, boolean, WebhookDecision]>([
    ['APPROVED', true, 'approved'],
    ['DENIED', true, 'declined'],
    ['SUSPECTED', true, 'review'],
    ['APPROVED', false, 'review'],
    ['DENIED', false, 'review'],
    ['REVIEWING', false, 'review'],
    ['EXPIRED', true, null],
    ['ACTIVE', false, null],
  ])('%s final=%s → %s', async (overall, final, decision) => {
    const payload = { final, status: { overall }, scanRef: 'scan-1', clientId: 'ref-1' };
    expect(await normalize('idenfy', payload)).toEqual({
      ok: true,
      provider: 'idenfy',
      event: overall,
      sessionId: 'scan-1',
      referenceId: 'ref-1',
      decision,
    });
  });
});

describe('generic: Standard Webhooks payload {type, timestamp, data}', () => {
  it.each<[unknown, WebhookDecision]>([
    ['approved', 'approved'],
    ['declined', 'declined'],
    ['review', 'review'],
    ['pending', null],
    ['APPROVED', null],
    [true, null],
    [undefined, null],
  ])('decision %j → %s', async (value, decision) => {
    const body = { type: 'verification.decided', data: { sessionId: 's1', decision: value } };
    expect(await normalize('generic', body)).toEqual({
      ok: true,
      provider: 'generic',
      event: 'verification.decided',
      sessionId: 's1',
      decision,
    });
  });
});
