/**
 * Builds kyc-widget/server to a temporary folder (child processes run plain `node`, which cannot load the
 * TypeScript source) and starts backend instances as child processes (instance.mjs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const INSTANCE = fileURLToPath(new URL('./instance.mjs', import.meta.url));

/** Builds src/server/index.ts to one ES module; resolves its path and a function that removes it. */
export async function buildServerModule() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kyc-server-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      lib: { entry: path.join(ROOT, 'src/server/index.ts'), formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });
  return { module: path.join(dir, 'index.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts one instance; resolves once it listens.
 * @param {{ module: string, schema: string, secret: string, hold?: boolean, routed?: boolean }} options
 */
export function startInstance({ module, schema, secret, hold = false, onEvent = '', leaseMs = 0, routed = false }) {
  return startChild(INSTANCE, {
    KYC_SERVER_MODULE: module,
    KYC_SCHEMA: schema,
    KYC_SECRET: secret,
    KYC_HOLD: hold ? '1' : '0',
    KYC_ON_EVENT: onEvent,
    KYC_LEASE_MS: String(leaseMs),
    KYC_ROUTED: routed ? '1' : '0',
  });
}

/**
 * Runs `script` (a backend printing one JSON message per line, {"origin"} once it listens) with `env` added to this
 * process's; resolves once it listens, with what it printed and a way to wait for a message or stop it.
 * @param {string} script
 * @param {Record<string, string>} env
 */
export function startChild(script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages = [];
  const waiting = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    messages.push(message);
    for (const wait of [...waiting]) if (wait.test(message)) wait.resolve(message);
  });
  /** Resolves with the first message (past or future) that `test` accepts. */
  const next = (test) =>
    new Promise((resolve, reject) => {
      const seen = messages.find(test);
      if (seen) return resolve(seen);
      waiting.push({ test, resolve });
      child.once('exit', (code, signal) => reject(new Error(`instance exited (${code ?? signal}): ${stderr}`)));
    });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return next((message) => typeof message.origin === 'string').then(({ origin }) => ({
    origin,
    child,
    exited,
    next,
    messages,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  }));
}
