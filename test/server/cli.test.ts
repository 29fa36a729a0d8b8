/**
 * The `kyc-widget` command line as a developer runs it (a child process of node), against a createKycBackend over
 * real HTTP: `trigger` delivers one signed webhook and says how it went in its exit code and output; `sandbox`
 * prints its keys, makes sessions with them and sends each provider's signed webhook to --webhook-url.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../sandbox/keys.mjs';
import { createKycBackend, sumsubSessions, toNodeHandler, type KycBackend } from '../../src/server/index';
import { CLI, runCli as run } from '../support/cli';
import { routesOf, serve, testUser } from './support/serve.mjs';

const PAGE = 'https://app.example';

let server: Awaited<ReturnType<typeof serve>>;
let kyc: KycBackend;
beforeAll(async () => {
  kyc = createKycBackend({
    authorize: testUser,
    allowedOrigins: [PAGE],
    createSession: () => Promise.resolve({ sessionUrl: 'https://verify.example/s' }),
    webhookSecrets: { sumsub: SANDBOX_WEBHOOK_SECRET, generic: SANDBOX_WEBHOOK_SECRET },
    development: true,
  });
  server = await serve(toNodeHandler(routesOf(kyc)));
});
/** Every sandbox a test started, stopped at the end even when a test timed out before its own `finally`. */
const started: ReturnType<typeof spawn>[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
  await server?.close();
});

describe('kyc-widget trigger', () => {
  it('delivers one signed webhook in the provider’s scheme: exit 0 and one line saying what happened', async () => {
    for (const provider of ['sumsub', 'generic']) {
      const { code, out } = await run(
        'trigger',
        'approved',
        '--provider',
        provider,
        '--to',
        `${server.origin}/webhook/${provider}`,
      );
      expect(code, out).toBe(0);
      expect(out).toMatch(
        new RegExp(`^${provider} approved for session \\S+ → .*: 200 \\{"received":true,"duplicate":false\\}\\n$`),
      );
    }
  });

  it('with --json, one JSON line a script can read', async () => {
    const { code, out } = await run(
      'trigger',
      'declined',
      '--provider',
      'sumsub',
      '--to',
      `${server.origin}/webhook/sumsub`,
      '--session',
      'abc123',
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      ok: true,
      status: 200,
      provider: 'sumsub',
      decision: 'declined',
      sessionId: 'abc123',
    });
  });

  it('exit 1 when the endpoint refuses the signature or does not answer', async () => {
    const wrong = await run(
      'trigger',
      'approved',
      '--provider',
      'sumsub',
      '--to',
      `${server.origin}/webhook/sumsub`,
      '--secret',
      'another-secret-of-24-chars',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/: 401 .*bad-signature/);
    const gone = await serve(() => {});
    await gone.close();
    const closed = await run('trigger', 'approved', '--provider', 'sumsub', '--to', `${gone.origin}/webhook`);
    expect(closed.code).toBe(1);
    expect(closed.out).toMatch(/no answer \(ECONNREFUSED\)/);
  });

  it('exit 2 with the reason on wrong usage', async () => {
    const usages = [
      ['trigger', 'maybe', '--provider', 'sumsub', '--to', server.origin],
      ['trigger', 'approved', '--provider', 'jumio', '--to', server.origin],
      ['trigger', 'review', '--provider', 'stripe', '--to', server.origin],
      ['trigger', 'approved', '--provider', 'sumsub', '--to', '/relative'],
      ['trigger', 'approved', '--provider', 'sumsub', '--to', server.origin, '--colour'],
      ['frobnicate'],
    ];
    const results = await Promise.all(usages.map((args) => run(...args)));
    results.forEach(({ code, err }, i) => {
      expect(code, usages[i].join(' ')).toBe(2);
      expect(err).toMatch(/^kyc-widget: .+\nRun kyc-widget help/);
    });
    expect((await run('help')).code).toBe(0);
    expect((await run('sandbox', '--help')).out).toMatch(/--webhook-url/);
  });
});

describe('kyc-widget sandbox', () => {
  it('prints its keys; a backend using them gets a session; the finished session’s webhook reaches --webhook-url', async () => {
    const child = spawn(process.execPath, [
      CLI,
      'sandbox',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--webhook-url',
      `${server.origin}/webhook/{provider}`,
    ]);
    started.push(child);
    const lines = createInterface({ input: child.stdout });
    const seen: string[] = [];
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const found = seen.map((line) => line.match(pattern)).find(Boolean);
        if (found) return resolve(found);
        const onLine = (line: string) => {
          const match = line.match(pattern);
          if (match) {
            lines.off('line', onLine);
            resolve(match);
          }
        };
        lines.on('line', onLine);
        child.once('exit', () => reject(new Error(`the sandbox exited; it printed:\n${seen.join('\n')}`)));
      });
    lines.on('line', (line) => seen.push(line));
    try {
      const env = Object.fromEntries(
        await Promise.all(
          ['KYC_SANDBOX_URL', 'SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_API_URL', 'SUMSUB_WEBHOOK_SECRET'].map(
            async (name) => [name, (await waitFor(new RegExp(`^${name}=(.+)$`)))[1]] as const,
          ),
        ),
      );
      expect(env.SUMSUB_WEBHOOK_SECRET).toBe(SANDBOX_WEBHOOK_SECRET);
      const client = sumsubSessions({
        appToken: env.SUMSUB_APP_TOKEN,
        secretKey: env.SUMSUB_SECRET_KEY,
        levelName: 'basic-kyc-level',
        baseUrl: env.SUMSUB_API_URL,
      });
      const made = await client({ provider: 'sumsub', locale: 'en', refresh: false, userId: 'cli-user' } as never);
      await waitFor(/ session {2}sumsub \S+ \(reference cli-user\)$/);
      // What the frame page does when the person picks "approve".
      const finish = await fetch(`${env.KYC_SANDBOX_URL}/sandbox/finish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ provider: 'sumsub', session: made.sessionToken, decision: 'approved' }),
      });
      expect(await finish.json()).toMatchObject({ sent: true, webhookStatus: 200 });
      await waitFor(new RegExp(` webhook {2}sumsub approved for \\S+ → ${server.origin}/webhook/sumsub: 200$`));
    } catch (error) {
      throw new Error(`the sandbox printed:\n${seen.join('\n')}`, { cause: error });
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
