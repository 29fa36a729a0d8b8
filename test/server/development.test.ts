/**
 * `createKycBackend({ development })`: without it the backend refuses what only the sandbox uses (its published keys
 * as webhook secrets, a session client whose API is plain http, a session whose frame is plain http); with it, the
 * whole loop runs against the sandbox, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS as KEYS, SANDBOX_WEBHOOK_SECRET } from '../../sandbox/keys.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import { buildWebhook } from '../../sandbox/webhooks.mjs';
import { createKycBackend, sessionsByProvider, sumsubSessions, toNodeHandler } from '../../src/server/index';
import { routesOf, serve, testUser } from './support/serve.mjs';

const PAGE = 'https://app.example';
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const sumsub = (baseUrl?: string) =>
  sumsubSessions({
    appToken: KEYS.sumsub.appToken,
    secretKey: KEYS.sumsub.secretKey,
    levelName: 'basic-kyc-level',
    baseUrl,
  });
const base = { authorize: testUser, allowedOrigins: [PAGE], createSession: sumsub(), webhookSecrets: {} };

describe('createKycBackend without development: true', () => {
  it("refuses every one of the sandbox's published keys as a webhook secret, and says why", () => {
    const published = [SANDBOX_WEBHOOK_SECRET, ...Object.values(KEYS).flatMap((keys) => Object.values(keys))];
    for (const secret of published.filter((one) => one.length >= 16)) {
      expect(
        () => createKycBackend({ ...base, webhookSecrets: { veriff: ['a-real-rotated-secret-0001', secret] } }),
        secret,
      ).toThrow(/webhookSecrets\.veriff is the kyc-widget sandbox's published key.*development: true/);
    }
    expect(() => createKycBackend({ ...base, webhookSecrets: { veriff: 'a-real-veriff-secret-0001' } })).not.toThrow();
  });

  it('refuses a session client whose API is plain http, alone or among others', () => {
    expect(() => createKycBackend({ ...base, createSession: sumsub(sandbox.origin) })).toThrow(
      new RegExp(`createSession calls ${sandbox.origin} over plain http`),
    );
    const several = sessionsByProvider({ sumsub: sumsub(), didit: sumsub(sandbox.origin) });
    expect(() => createKycBackend({ ...base, createSession: several })).toThrow(/over plain http/);
    expect(() => createKycBackend({ ...base, createSession: sumsub('https://api.sumsub.com') })).not.toThrow();
  });

  it('answers 403 for a session whose frame is plain http, binds nothing, and tells onError why', async () => {
    const errors: unknown[] = [];
    const secret = `whsec_${Buffer.from('development-test-secret-0001').toString('base64')}`;
    const kyc = createKycBackend({
      ...base,
      createSession: () => Promise.resolve({ sessionUrl: `${sandbox.origin}/generic/session/s1`, sessionId: 's1' }),
      webhookSecrets: { generic: secret },
      onError: (error) => void errors.push(error),
    });
    const server = await serve(toNodeHandler(routesOf(kyc)));
    try {
      const response = await fetch(`${server.origin}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PAGE, 'X-Test-User': 'u1' },
        body: JSON.stringify({ provider: 'generic', locale: 'en', refresh: false }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'development-only' } });
      expect(String(errors[0])).toMatch(/loads http:\/\/127\.0\.0\.1:\d+ over plain http.*development: true/);
      // Nothing was bound: the session's approval is nobody's decision.
      const webhook = buildWebhook('generic', { sessionId: 's1', decision: 'approved', secret });
      expect((await fetch(`${server.origin}/webhook/generic`, { method: 'POST', ...webhook })).status).toBe(200);
      expect(await kyc.decisionOf('u1')).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('createKycBackend with development: true', () => {
  it('runs the loop against the sandbox: its keys, its plain-http API and frames, its signed webhook', async () => {
    let backendOrigin = '';
    const target = await startSandbox({ webhookUrl: (provider) => `${backendOrigin}/webhook/${provider}` });
    const kyc = createKycBackend({
      ...base,
      createSession: sumsubSessions({
        appToken: KEYS.sumsub.appToken,
        secretKey: KEYS.sumsub.secretKey,
        levelName: 'basic-kyc-level',
        baseUrl: target.origin,
        frameBaseUrl: target.origin,
      }),
      webhookSecrets: { sumsub: SANDBOX_WEBHOOK_SECRET },
      development: true,
    });
    const server = await serve(toNodeHandler(routesOf(kyc)));
    backendOrigin = server.origin;
    try {
      const response = await fetch(`${server.origin}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PAGE, 'X-Test-User': 'u1' },
        body: JSON.stringify({ provider: 'sumsub', locale: 'en', refresh: false }),
      });
      expect(response.status).toBe(200);
      const { sessionToken } = (await response.json()) as { sessionToken: string };
      // What the frame does when the person picks an outcome: the sandbox sends Sumsub's signed webhook.
      expect(await target.finish('sumsub', sessionToken, 'approved')).toMatchObject({
        body: { sent: true, webhookStatus: 200 },
      });
      expect(await kyc.decisionOf('u1')).toMatchObject({ provider: 'sumsub', decision: 'approved' });
    } finally {
      await target.close();
      await server.close();
    }
  });
});
