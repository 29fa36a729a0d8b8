/**
 * One instance of a host's backend, as a child process: createKycBackend on postgresStore (events, decisions,
 * bindings, the limit's counters and the open sessions all shared through the database), served over HTTP on
 * 127.0.0.1 (port 0). Several of them share one database in the multi-instance tests and the delivery bench.
 * It prints one JSON line, {"origin"}, once it listens; with KYC_HOLD=1 it holds every recording transaction open
 * before COMMIT and prints {"holding": eventId} (so that a test can kill it mid-recording). With KYC_ON_EVENT=hang its
 * onEvent prints {"handling": eventId} and never finishes (so that a test can kill it before the handler is done);
 * with KYC_ON_EVENT=print it prints {"handled": eventId} and finishes. KYC_LEASE_MS is its onEventLeaseMs. With
 * KYC_ROUTED=1 it routes (`providers`: Veriff, then Persona) instead of one createSession.
 *
 * Environment: KYC_SERVER_MODULE (the built kyc-widget/server), KYC_SCHEMA, KYC_SECRET, PG* (see pg-config.mjs).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PG_CONFIG } from './pg-config.mjs';
import { routesOf, serve, testUser } from './serve.mjs';

const server = await import(process.env.KYC_SERVER_MODULE);
const pool = new pg.Pool({ ...PG_CONFIG, max: 10 });
const hold = process.env.KYC_HOLD === '1';
const store = server.postgresStore({
  pool,
  schema: process.env.KYC_SCHEMA,
  beforeCommit: hold
    ? async (event) => {
        process.stdout.write(`${JSON.stringify({ holding: event.eventId })}\n`);
        await new Promise(() => {});
      }
    : undefined,
});
const secret = process.env.KYC_SECRET;
const onEventMode = process.env.KYC_ON_EVENT;
const onEvent =
  onEventMode === 'hang'
    ? async (event) => {
        process.stdout.write(`${JSON.stringify({ handling: event.eventId })}\n`);
        await new Promise(() => {});
      }
    : onEventMode === 'print'
      ? (event) => void process.stdout.write(`${JSON.stringify({ handled: event.eventId })}\n`)
      : undefined;
const leaseMs = Number(process.env.KYC_LEASE_MS) || undefined;
const routed = process.env.KYC_ROUTED === '1';
// As a session client answers: the provider's id for the session and the reference it sent (the user id); a
// provider that takes 200 ms, so that requests on both instances arrive while the create is under way.
const createSession = ({ userId }) =>
  new Promise((resolve) =>
    setTimeout(
      () =>
        resolve({
          sessionUrl: 'https://verify.example/session',
          sessionId: `s-${randomUUID()}`,
          referenceId: userId,
        }),
      200,
    ),
  );
const kyc = server.createKycBackend({
  authorize: testUser,
  allowedOrigins: ['https://app.example'],
  webhookSecrets: Object.fromEntries(
    ['persona', 'sumsub', 'veriff', 'didit', 'idenfy', 'generic'].map((p) => [p, secret]),
  ),
  // KYC_ROUTED=1: the same client for Veriff and Persona, chosen by routing (`provider: "auto"`).
  ...(routed ? { providers: { veriff: createSession, persona: createSession } } : { createSession }),
  store,
  ...(onEvent && { onEvent }),
  ...(leaseMs && { onEventLeaseMs: leaseMs }),
  // Heartbeats far apart: a decision that reaches a stream in a test came through NOTIFY, not a heartbeat's look.
  decisionStream: { heartbeatMs: 60_000, lifetimeMs: 120_000, maxPerUser: 1000 },
});
const http = await serve(server.toNodeHandler(routesOf(kyc)));
process.stdout.write(`${JSON.stringify({ origin: http.origin })}\n`);
