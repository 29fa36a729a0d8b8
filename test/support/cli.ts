import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The package's `kyc-widget` command line (sandbox/cli.mjs), as a developer runs it. */
export const CLI = fileURLToPath(new URL('../../sandbox/cli.mjs', import.meta.url));

/** Runs the CLI to its end: its exit code and output. Never sync: a backend under test may be in this process. */
export function runCli(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 }, (error, out, err) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out, err }),
    );
  });
}
