/**
 * A TCP proxy in front of PostgreSQL that the test can stall: stalled, it accepts connections and never answers
 * (a partitioned database, not a refused one), and the connections already open stop carrying anything either way.
 * `heal()` closes what was stalled (the pool sees its connections drop and makes new ones) and forwards again.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StallProxy {
  port: number;
  stall(): void;
  heal(): void;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function stallProxy(target: { host: string; port: number }): Promise<StallProxy> {
  let stalled = false;
  let accepted = 0;
  const pairs = new Set<{ client: Socket; upstream?: Socket }>();
  const server = createServer((client) => {
    accepted++;
    const pair: { client: Socket; upstream?: Socket } = { client };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    // Stalled: accepted, and nothing read or answered.
    if (stalled) return;
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    heal() {
      stalled = false;
      for (const { client } of pairs) client.destroy();
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client } of pairs) client.destroy();
        server.close(() => resolve());
      }),
  };
}
