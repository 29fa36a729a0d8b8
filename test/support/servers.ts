import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../examples/sandbox/server.mjs';

/**
 * Real origins for the browser tests: the test page is served by Vitest on localhost; the sandbox
 * provider on 127.0.0.1 (a second origin); and a second copy on another port (a third origin) that
 * plays the stranger trying to forge messages.
 */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const stranger = await startSandbox({ host: '127.0.0.1', port: 0 });
  project.provide('sandbox', sandbox.origin);
  project.provide('stranger', stranger.origin);
  return async () => {
    await Promise.all([sandbox.close(), stranger.close()]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: string;
    stranger: string;
  }
}
