import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../examples/sandbox/server.mjs';

/**
 * Real origins for the browser tests: the test page is served by Vitest on localhost; the sandbox
 * provider on 127.0.0.1 (a second origin); a second copy on another port (a third origin) that
 * plays the stranger trying to forge messages; and a host that never answers (a fourth origin: what a
 * warm-up frame or a frame loads there stays loading, so a test sees what the widget does meanwhile).
 */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const stranger = await startSandbox({ host: '127.0.0.1', port: 0 });
  const silent = await startSilent();
  project.provide('sandbox', sandbox.origin);
  project.provide('stranger', stranger.origin);
  project.provide('silent', silent.origin);
  return async () => {
    await Promise.all([sandbox.close(), stranger.close(), silent.close()]);
  };
}

/** Takes every request and never answers (until it closes). */
async function startSilent(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: string;
    stranger: string;
    silent: string;
  }
}
