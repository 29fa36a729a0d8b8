import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startJumioApi } from '../../sandbox/jumio-api.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import { jumioApiSetup } from './jumio-api';

/**
 * Real origins for the browser tests: the test page is served by Vitest on localhost; the sandbox
 * provider on 127.0.0.1 (a second origin); a second copy on another port (a third origin) that
 * plays the stranger trying to forge messages; a host that never answers (a fourth origin: what a
 * warm-up frame or a frame loads there stays loading, so a test sees what the widget does meanwhile); and the stand-in
 * for the API of Jumio's web component, which Chromium reaches under Jumio's own host names (test/support/jumio-api.ts).
 */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const stranger = await startSandbox({ host: '127.0.0.1', port: 0 });
  const silent = await startSilent();
  const acme = await startFolder(path.join(import.meta.dirname, 'acme'));
  const jumio = await startJumio();
  project.provide('sandbox', sandbox.origin);
  project.provide('stranger', stranger.origin);
  project.provide('silent', silent.origin);
  project.provide('acme', acme.origin);
  return async () => {
    await Promise.all([sandbox.close(), stranger.close(), silent.close(), acme.close(), jumio?.close()]);
  };
}

/** On the port the configuration reserved and gave Chromium (none when the browser project is not configured). */
async function startJumio() {
  const setup = jumioApiSetup();
  if (!setup) return undefined;
  try {
    const api = await startJumioApi({
      port: setup.port,
      cert: readFileSync(setup.certFile),
      key: readFileSync(setup.keyFile),
    });
    // The run's key and certificate go with the server.
    return {
      close: () => api.close().then(() => rmSync(path.dirname(setup.keyFile), { recursive: true, force: true })),
    };
  } catch (error) {
    throw new Error(`the Jumio API stand-in could not listen on 127.0.0.1:${setup.port}, reserved a moment earlier`, {
      cause: error,
    });
  }
}

/** Serves a folder's .html and .js files, as a provider's own origin (the test-only provider's frame: acme/). */
async function startFolder(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
  const server: Server = createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const type = types[path.extname(name)];
    let body: Buffer | undefined;
    try {
      body = type ? readFileSync(path.join(dir, name)) : undefined;
    } catch {
      body = undefined;
    }
    res.writeHead(body ? 200 : 404, { 'Content-Type': type ?? 'text/plain' }).end(body ?? 'not found');
  });
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
    acme: string;
  }
}
