/**
 * One instance of a host's backend that routes (createKycBackend's `providers`, `route` and `breaker` on
 * postgresStore), as a child process for test/server/routing-instances.test.ts. Its two providers' session clients
 * call the test's stand-ins of their session APIs over HTTP (KYC_DOWN_API for veriff, which fails every create, and
 * KYC_UP_API for persona), as a real client calls its provider. It prints {"origin"} once it listens, and
 * {"health": …} on GET /health.
 *
 * Environment: KYC_SERVER_MODULE (the built kyc-widget/server), KYC_SCHEMA, KYC_DOWN_API, KYC_UP_API,
 * KYC_BREAKER (JSON: the breaker's options), KYC_REDIS_PREFIX (when set, the breaker is kept in the real Redis on
 * 127.0.0.1:6379 under that prefix, redisBreakerStore; else in PostgreSQL with the rest), PG* (see pg-config.mjs).
 */
import { createClient } from '@redis/client';
import pg from 'pg';
import { PG_CONFIG } from './pg-config.mjs';
import { routesOf, serve, testUser } from './serve.mjs';

const server = await import(process.env.KYC_SERVER_MODULE);
const pool = new pg.Pool({ ...PG_CONFIG, max: 10 });
const store = server.postgresStore({ pool, schema: process.env.KYC_SCHEMA });

/** A session client of the stand-in API at `url`: its 2xx answer is the session, anything else a failure. */
const client =
  (url) =>
  async ({ userId, signal }) => {
    const answer = await fetch(url, { method: 'POST', body: JSON.stringify({ userId }), signal });
    if (!answer.ok)
      throw new server.ProviderCallFailed('stand-in', `session API answered ${answer.status}`, answer.status);
    const { id } = await answer.json();
    return { sessionUrl: `https://verify.example/session/${id}`, sessionId: id };
  };

const prefix = process.env.KYC_REDIS_PREFIX;
let breakerStore;
if (prefix) {
  const redis = createClient({ url: 'redis://127.0.0.1:6379' });
  await redis.connect();
  breakerStore = server.redisBreakerStore({ command: (args) => redis.sendCommand(args), prefix });
}

const kyc = server.createKycBackend({
  authorize: testUser,
  allowedOrigins: ['https://app.example'],
  webhookSecrets: {},
  store,
  providers: { veriff: client(process.env.KYC_DOWN_API), persona: client(process.env.KYC_UP_API) },
  breaker: { ...JSON.parse(process.env.KYC_BREAKER), ...(breakerStore && { store: breakerStore }) },
  limit: { max: 1000, windowMs: 60_000 },
});
const routes = routesOf(kyc);
const http = await serve(
  server.toNodeHandler(async (request) =>
    new URL(request.url).pathname === '/health' ? Response.json(await kyc.health()) : routes(request),
  ),
);
process.stdout.write(`${JSON.stringify({ origin: http.origin })}\n`);
