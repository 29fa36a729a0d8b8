/**
 * One instance of a host's session endpoint, as a child process (fork): createSessionHandler with Persona's session
 * client, its limit's counters and its open sessions shared with the other instances through Redis
 * (redisLimitStore, redisSessionStore) or PostgreSQL (postgresStore: `hit` and `openSessions`). It sends {origin}
 * once it listens on 127.0.0.1 (port 0), and closes its connections and exits on any message.
 *
 * argv: the built kyc-widget/server (support/instances.mjs), then JSON {kind: 'redis' | 'postgres', prefix?,
 * schema?, persona, max, createTimeoutMs?, origin}.
 */
import { createServer } from 'node:http';
import { createClient } from '@redis/client';
import pg from 'pg';
import { PG_CONFIG } from './pg-config.mjs';

const server = await import(process.argv[2]);
const config = JSON.parse(process.argv[3]);

let limitStore;
let reuseStore;
let shutdown;
if (config.kind === 'redis') {
  const client = createClient({ url: 'redis://127.0.0.1:6379' });
  await client.connect();
  const command = (args) => client.sendCommand(args);
  limitStore = server.redisLimitStore({ command, prefix: config.prefix });
  reuseStore = server.redisSessionStore({ command, prefix: config.prefix });
  shutdown = () => client.quit();
} else {
  const pool = new pg.Pool({ ...PG_CONFIG, max: 10 });
  const store = server.postgresStore({ pool, schema: config.schema });
  limitStore = store;
  reuseStore = store.openSessions;
  shutdown = async () => {
    await store.close();
    await pool.end();
  };
}

const handler = server.createSessionHandler({
  createSession: server.personaSessions({
    apiKey: 'persona_instances_key_1',
    templateId: 'itmpl_multi',
    baseUrl: config.persona,
    timeoutMs: config.createTimeoutMs,
  }),
  createTimeoutMs: config.createTimeoutMs,
  authorize: (request) => Promise.resolve(request.headers.get('x-user')),
  anonymous: true,
  allowedOrigins: [config.origin],
  limit: { max: config.max, windowMs: 60000, store: limitStore },
  reuse: { store: reuseStore },
});
const listening = createServer(server.toNodeHandler(handler)).listen(0, '127.0.0.1', () =>
  process.send({ origin: `http://127.0.0.1:${listening.address().port}` }),
);
process.on('message', async () => {
  listening.closeAllConnections();
  await shutdown();
  process.exit(0);
});
