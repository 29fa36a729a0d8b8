// The set-up `npm start` and `npm test` run first (their prestart and pretest scripts), so that a fresh clone needs
// nothing else: plain Node and no dependency, since it runs before node_modules exists.
//   node scripts/setup.mjs            the dependencies: `npm ci` when node_modules is missing, or stale versus
//                                     package-lock.json (a package it names is missing, or at another version)
//   node scripts/setup.mjs --browser  and what the tests drive: Debian's `chromium` package when it is missing and
//                                     this user can install it (root, apt-get), else one line saying how; openssl
//                                     (the Jumio conformance test's throwaway certificate), the same way; and
//                                     PostgreSQL and Redis on 127.0.0.1 (scripts/services.sh)
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The same default as scripts/chromium.mjs (which this script cannot import: it may run before anything else). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why node_modules does not match package-lock.json, or null when it does: a package the lock names that is not
 * installed (unless optional: another platform's binaries are left out), or installed at another version.
 * `installedVersion(where)` reads `<where>/package.json`'s version, undefined when there is none.
 * @param {{ packages?: Record<string, { version?: string, optional?: boolean, link?: boolean, name?: string }> }} lock
 * @param {(where: string) => string | undefined} installedVersion
 * @returns {string | null}
 */
export function staleness(lock, installedVersion) {
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.startsWith('node_modules/') || entry.link) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const version = installedVersion(where);
    if (version === undefined) {
      if (entry.optional) continue;
      return `${name} is not installed`;
    }
    if (version !== entry.version) return `${name} is ${version}, package-lock.json says ${entry.version}`;
  }
  return null;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, name)));
}

function dependencies() {
  const why = existsSync(path.join(ROOT, 'node_modules'))
    ? staleness(
        readJson(path.join(ROOT, 'package-lock.json')),
        (where) => readJson(path.join(ROOT, where, 'package.json'))?.version,
      )
    : 'node_modules is missing';
  if (!why) return;
  console.log(`setup: ${why}: npm ci`);
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function chromium() {
  if (executable(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  if (!root || !onPath('apt-get') || CHROMIUM !== '/usr/bin/chromium') {
    console.error(
      `setup: the tests drive Chromium at ${CHROMIUM}, which is missing: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  console.log("setup: Chromium is missing: installing Debian's chromium package");
  run('apt-get', ['update', '-qq'], { DEBIAN_FRONTEND: 'noninteractive' });
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
}

/** `openssl`, which makes the Jumio conformance test's throwaway key and certificate (test/support/jumio-api.ts). */
function openssl() {
  if (onPath('openssl')) return;
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    console.error(
      "setup: the tests need openssl, which is missing: install Debian's package (sudo apt-get install openssl).",
    );
    process.exit(1);
  }
  console.log("setup: openssl is missing: installing Debian's openssl package");
  run('apt-get', ['install', '-y', '-qq', 'openssl'], { DEBIAN_FRONTEND: 'noninteractive' });
}

/** PostgreSQL and Redis for the server tests: started (or installed, as root) where they do not answer. */
function services() {
  run('bash', [path.join(ROOT, 'scripts/services.sh')]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  dependencies();
  if (process.argv.includes('--browser')) {
    chromium();
    openssl();
    services();
  }
}
