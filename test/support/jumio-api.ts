import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Jumio's web component calls `https://web-sdk.<region>.jumio.ai/websdk/v4/api` (its `dc` picks the region; no other
 * host can be given while `dc` is set). For the conformance test that runs Jumio's real package, Chromium resolves those
 * three host names to the sandbox's stand-in on loopback (sandbox/jumio-api.mjs) and trusts its certificate by
 * its public key alone (`--ignore-certificate-errors-spki-list`: no other certificate error is ignored), so the
 * package's unmodified code calls its real origins, through a real TLS handshake and real CORS preflights. Its RUM
 * logging (`browser-intake-datadoghq.com`) resolves nowhere: nothing leaves the machine even where there is a network.
 *
 * Called when Vitest loads its configuration (the browser's flags are fixed at launch); the server starts in the global
 * setup (test/support/servers.ts) on the port reserved here, with the key and certificate made here (by `openssl`,
 * fresh for each run, never committed). The environment carries them from one to the other (same process).
 */
export const JUMIO_HOSTS = ['amer-1', 'emea-1', 'apac-1'].map((region) => `web-sdk.${region}.jumio.ai`);

export interface JumioApiSetup {
  port: number;
  keyFile: string;
  certFile: string;
}

const ENV = 'KYC_TEST_JUMIO_API';

export function jumioApiSetup(): JumioApiSetup | undefined {
  const json = process.env[ENV];
  return json ? (JSON.parse(json) as JumioApiSetup) : undefined;
}

/** Chromium's flags for the route (the same on every evaluation of the configuration in this process). */
export async function jumioApiRoute(): Promise<string[]> {
  const setup = jumioApiSetup() ?? (await newJumioApiSetup());
  process.env[ENV] = JSON.stringify(setup);
  return jumioApiFlags(setup);
}

/** Chromium's flags that send Jumio's three API hosts to `setup`'s port and trust its certificate alone. */
export function jumioApiFlags(setup: JumioApiSetup): string[] {
  const cert = new X509Certificate(readFileSync(setup.certFile));
  const spki = createHash('sha256')
    .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const rules = [
    ...JUMIO_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${setup.port}`),
    'MAP browser-intake-datadoghq.com ~NOTFOUND',
  ];
  return [`--host-resolver-rules=${rules.join(', ')}`, `--ignore-certificate-errors-spki-list=${spki}`];
}

/**
 * A port, key and certificate of one's own (an e2e test that launches its own Chromium: the browser project's are
 * bound by its global setup when both projects run).
 */
export async function newJumioApiSetup(): Promise<JumioApiSetup> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-jumio-api-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  // An EC key and a self-signed certificate naming the three API hosts, valid for a day.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=kyc-widget sandbox: Jumio web SDK API',
      '-addext',
      `subjectAltName=${JUMIO_HOSTS.map((host) => `DNS:${host}`).join(',')}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { port: await freePort(), keyFile, certFile };
}

/** A loopback port nobody holds now (the global setup binds it moments later, and says so if it was taken). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
