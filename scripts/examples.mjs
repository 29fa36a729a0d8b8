// `node scripts/examples.mjs [vue angular react svelte next]`: the example hosts in examples/<name>/, each a real app of
// its framework, installed and built the way a host would (the packed package, not the sources), then run
// in Chromium against the sandbox provider on a second origin: a verification must complete and the host's
// own kyc-complete handler must see its outcome, with the tag defined up front and defined late.
// CI runs it after `npm test` (.ci/run). It runs whatever examples/<name>/package.json exists.
//
// The contract each example keeps (see examples/README.md):
//   - `npm install` installs it (its package-lock.json does not list kyc-widget: this script installs the packed
//     tarball into it with `npm install --no-save`, so that a new build never breaks the lock's integrity);
//   - `npm run build` type-checks and writes a static site to examples/<name>/dist/ with an index.html, or, for a
//     server-rendered host (Next.js), the app that the npm scripts named in package.json "kycExample": {"server":
//     ["start", "dev"]} serve: this script runs each in turn with PORT (a free loopback port) and SANDBOX_ORIGIN in
//     its environment, waits for it to answer, runs every check against it, and stops it;
//   - the page reads `?sandbox=<origin>` (and `&lazy=1`: import 'kyc-widget/define' only after the app's
//     first render), renders <kyc-widget> with sessionUrl `${sandbox}/generic?script=…&session=example_<name>`,
//     sessionToken 'sbx_tok_example_secret' and options { note: 'object option' } set as properties the way
//     the framework does it, and on kyc-complete sets document.body.dataset.outcome to detail.outcome and
//     document.body.dataset.options to JSON.stringify(element.options).
// Checked for each: the outcome and options; no token in the DOM; no page error, console error or console warning;
// exactly one frame attached and its page requested once (no double frame from a double mount). A server adds:
// no token in the HTML it sends, and its eager page's HTML already holds the (inert) <kyc-widget>, its late one not.
// A server that declares a policy ("kycExample": {"csp": {"nonce": true, "trustedTypes": ["start"]}}) adds: a
// Content-Security-Policy header whose script-src nonce is new on every request, every <script> of the HTML carrying
// it, and under the named scripts Trusted Types enforced (a string assigned to innerHTML is refused) with no
// violation reported during the run.
// The hosts this runner must run are HOSTS: it fails when one of them is missing or did not complete, and says
// which ran.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

/** Every framework host under examples/ this runner must run (examples/html and sandbox are not hosts). */
export const HOSTS = ['angular', 'next', 'react', 'svelte', 'vue'];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = path.join(ROOT, 'examples');
const PACK = path.join(EXAMPLES, '.pack');
const TOKEN = 'sbx_tok_example_secret';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

/** Builds the package and packs it as a host would download it: examples/.pack/kyc-widget.tgz. */
export function packPackage() {
  // A fresh clone has no examples/.pack (it is ignored): make it, and start from an empty one.
  rmSync(PACK, { recursive: true, force: true });
  mkdirSync(PACK, { recursive: true });
  npm(['run', 'build', '--', '--quiet'], ROOT);
  execFileSync('npm', ['pack', '--pack-destination', PACK, '--loglevel=error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(PACK).find((file) => /^kyc-widget-.*\.tgz$/.test(file));
  renameSync(path.join(PACK, tarball), path.join(PACK, 'kyc-widget.tgz'));
  return path.join(PACK, 'kyc-widget.tgz');
}

function serve(dir) {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://example.invalid');
    const file = path.resolve(
      dir,
      `.${decodeURIComponent(pathname.endsWith('/') ? `${pathname}index.html` : pathname)}`,
    );
    try {
      if (!file.startsWith(dir)) throw new Error('outside');
      const body = await readFile(file);
      res
        .writeHead(200, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
        })
        .end(body);
    } catch {
      // A single-page app: unknown paths get its index.html.
      const body = await readFile(path.join(dir, 'index.html')).catch(() => null);
      if (body) res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(body);
      else res.writeHead(404).end('Not found');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }),
    ),
  );
}

/** A free port for the server to start (PORT), so that this script knows its origin without reading its logs. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the example's own server (`npm run <script>`) until it answers on 127.0.0.1; `close()` stops it. */
async function start(dir, script, sandboxOrigin) {
  const port = await freePort();
  const child = spawn('npm', ['run', script, '--silent'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), SANDBOX_ORIGIN: sandboxOrigin },
    detached: true, // its own process group: npm, its shell and the server stop together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  child.stdout.resume();
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited with ${code}`)));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await Promise.race([
      fetch(origin, { redirect: 'manual' }).then(
        () => 'up',
        () => null,
      ),
      exited,
    ]);
    if (answer === 'up') break;
    if (answer || Date.now() > deadline) {
      await stop();
      throw new Error(`${path.basename(dir)}: npm run ${script} ${answer ?? 'did not answer within 60 s'}\n${errors}`);
    }
    await sleep(250);
  }
  return { origin, errors: () => errors, close: stop };
}

/**
 * The nonce of a policy's script-src, or null.
 * @param {string | null} policy
 * @returns {string | null}
 */
export function scriptNonce(policy) {
  const scriptSrc = (policy ?? '').split(';').find((directive) => directive.trim().startsWith('script-src '));
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(scriptSrc ?? '')?.[1] ?? null;
}

/**
 * What is wrong with a server's policy, from two responses to the same URL: `first` and `second` are
 * {policy (the Content-Security-Policy header), html}. A nonce on every request, new each time; every <script> of
 * the HTML carrying it (there must be some: the App Router's bootstrap); with `trustedTypes`, the header requires them.
 * @param {{ policy: string | null, html: string }} first
 * @param {{ policy: string | null, html: string }} second
 * @param {{ trustedTypes: boolean }} checks
 * @returns {string[]}
 */
export function cspProblems(first, second, { trustedTypes }) {
  const problems = [];
  const nonce = scriptNonce(first.policy);
  if (!first.policy) return ['no Content-Security-Policy header'];
  if (!nonce) problems.push(`no nonce in script-src: ${first.policy}`);
  else if (scriptNonce(second.policy) === nonce) problems.push('the same nonce on two requests');
  const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  if (scripts.length === 0) problems.push('no <script> in the HTML');
  const without = scripts.filter((tag) => /\bnonce="([^"]*)"/.exec(tag)?.[1] !== nonce);
  if (nonce && without.length)
    problems.push(`${without.length} of ${scripts.length} scripts without the nonce: ${without[0]}`);
  if (trustedTypes && !/(^|;)\s*require-trusted-types-for 'script'/.test(first.policy))
    problems.push(`Trusted Types not required: ${first.policy}`);
  return problems;
}

/** Records the page's CSP violations from its first script on (window.__kycViolations). */
function recordViolations() {
  window.__kycViolations = [];
  document.addEventListener('securitypolicyviolation', (event) =>
    window.__kycViolations.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`),
  );
}

/** Every run (eager and late, each variant) against one served site; returns a line per run. */
async function checkSite({ name, site, server, development, browser, sandboxOrigin, variants, csp }) {
  const runs = [false, true].flatMap((lazy) => ['', ...variants].map((extra) => ({ lazy, extra })));
  const results = [];
  for (const { lazy, extra } of runs) {
    const fail = (why) => {
      throw new Error(`${name}${lazy ? ' (late definition)' : ''}${extra ? ` (${extra})` : ''}: ${why}`);
    };
    const url = `${site.origin}/?sandbox=${encodeURIComponent(sandboxOrigin)}${lazy ? '&lazy=1' : ''}${extra ? `&${extra}` : ''}`;
    if (server) {
      // What the server sends, before any script runs: the page rendered on the server, without the token.
      const read = async () => {
        const response = await fetch(url);
        return {
          policy: response.headers.get('content-security-policy'),
          cache: response.headers.get('cache-control') ?? '',
          html: await response.text(),
        };
      };
      const [first, second] = [await read(), await read()];
      if (first.html.includes(TOKEN)) fail('the token is in the server-rendered HTML');
      if (first.html.includes('<kyc-widget') === lazy)
        fail(`the server-rendered HTML ${lazy ? 'already holds' : 'lacks'} <kyc-widget>`);
      // A widget rendered on the server (renderKycWidget): its root and frame are in the HTML, which no cache keeps.
      if (!lazy && /(^|&)rendered=1/.test(extra)) {
        if (
          !/<kyc-widget [^>]*><template shadowrootmode="open">/.test(first.html) ||
          !/<iframe part="frame"/.test(first.html)
        )
          fail("the server-rendered HTML lacks the widget's declarative shadow root and frame");
        // `next dev` answers every page `no-store` whatever the app says; a production server must say private too.
        if (!/\bno-store\b/.test(first.cache) || (!development && !/\bprivate\b/.test(first.cache)))
          fail(`the rendered page's Cache-Control is "${first.cache}" (expected private and no-store)`);
      }
      const problems = csp ? cspProblems(first, second, csp) : [];
      if (problems.length) fail(`its Content-Security-Policy: ${problems.join('; ')}`);
    }
    const page = await browser.newPage();
    if (csp) await page.addInitScript(recordViolations);
    const problems = [];
    let frames = 0;
    let frameLoads = 0;
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
    page.on('frameattached', () => frames++);
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.url().startsWith(sandboxOrigin)) frameLoads++;
    });
    const t0 = Date.now();
    await page.goto(url);
    await page
      .waitForFunction(() => document.body.dataset.outcome, undefined, { timeout: 20000 })
      .catch(async (error) => {
        const widget = await page.evaluate(() => {
          const el = document.querySelector('kyc-widget');
          return el
            ? {
                defined: !!customElements.get('kyc-widget'),
                state: el.state,
                error: el.lastError,
                attributes: el.getAttributeNames(),
              }
            : 'no <kyc-widget>';
        });
        fail(`no outcome (${error.message}); widget ${JSON.stringify(widget)}; ${problems.join('; ')}`);
      });
    const seen = await page.evaluate(() => ({
      outcome: document.body.dataset.outcome,
      options: document.body.dataset.options,
      html: document.documentElement.outerHTML,
    }));
    if (seen.outcome !== 'approved') fail(`the host saw outcome ${seen.outcome}`);
    if (seen.options !== JSON.stringify({ note: 'object option' })) fail(`options arrived as ${seen.options}`);
    if (seen.html.includes(TOKEN)) fail('the token is in the DOM');
    if (problems.length) fail(`page errors or warnings: ${problems.join('; ')}`);
    if (frames !== 1 || frameLoads !== 1)
      fail(`${frames} frames attached, the provider's page requested ${frameLoads} times (expected 1 and 1)`);
    if (csp) {
      const violations = await page.evaluate(() => window.__kycViolations);
      if (violations.length) fail(`CSP violations: ${violations.join('; ')}`);
      if (csp.trustedTypes) {
        // The control: a string where Trusted Types want a TrustedHTML is refused, and reported as a violation.
        const probe = await page.evaluate(() => {
          try {
            document.createElement('div').innerHTML = '<i>probe</i>';
            return 'assigned';
          } catch (error) {
            return error instanceof TypeError ? 'refused' : String(error);
          }
        });
        if (probe !== 'refused') fail(`Trusted Types are not enforced: innerHTML = string was ${probe}`);
        await page.waitForFunction(() => window.__kycViolations.length > 0, undefined, { timeout: 5000 });
        const seen = await page.evaluate(() => window.__kycViolations);
        if (!/^require-trusted-types-for/.test(seen[0] ?? ''))
          fail(`the refused assignment was reported as ${JSON.stringify(seen)}`);
      }
    }
    results.push(`${lazy ? 'late' : 'eager'}${extra ? ` ${extra}` : ''} ${Date.now() - t0} ms`);
    await page.close();
  }
  return results;
}

async function runExample(name, browser, sandboxOrigin) {
  const dir = path.join(EXAMPLES, name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const started = Date.now();
  // `npm install`, not `npm ci`: npm 11 writes locks without some optional platform packages (rollup's,
  // msgpackr's) and `npm ci` then refuses them; install still follows the lock for everything it lists.
  npm(['install'], dir);
  npm(['install', '--no-save', path.join(PACK, 'kyc-widget.tgz')], dir);
  const installed = Date.now();
  npm(['run', 'build'], dir);
  const built = Date.now();
  const results = [];
  // An example may ask for more runs of the same checks: package.json "kycExample": {"variants": ["wrapper=1"]}.
  const variants = manifest.kycExample?.variants ?? [];
  // A server-rendered example names its server scripts: "kycExample": {"server": ["start", "dev"]} runs every check
  // against each (a development server is where React's Strict Mode runs effects twice).
  const servers = [manifest.kycExample?.server ?? []].flat();
  for (const script of servers.length ? servers : [null]) {
    const server = script ? await start(dir, script, sandboxOrigin) : null;
    const site = server ?? (await serve(path.join(dir, 'dist')));
    try {
      const label = script && script !== 'start' ? `npm run ${script}` : '';
      const policy = manifest.kycExample?.csp;
      const runs = await checkSite({
        name: label ? `${name} (${label})` : name,
        site,
        server,
        development: script === 'dev',
        browser,
        sandboxOrigin,
        variants,
        csp: policy ? { nonce: policy.nonce, trustedTypes: (policy.trustedTypes ?? []).includes(script) } : null,
      });
      results.push(...runs.map((run) => (label ? `${label}: ${run}` : run)));
      if (server?.errors()) throw new Error(`${name}: npm run ${script} wrote to stderr:\n${server.errors()}`);
    } finally {
      await site.close();
    }
  }
  const seconds = (ms) => Math.round(ms / 1000);
  console.log(
    `example ${name}: install ${seconds(installed - started)} s + build ${seconds(built - installed)} s + runs ${seconds(Date.now() - built)} s; verification completed (${results.join(', ')})`,
  );
  return results;
}

/**
 * The hosts to run: those named (each must be one of HOSTS), else all of HOSTS. `present`: the folders of
 * examples/ with a package.json. Throws when a host to run is missing, or when a folder with a package.json is
 * no host this runner knows (it would never run).
 * @param {string[]} named
 * @param {string[]} present
 * @returns {string[]}
 */
export function hostsToRun(named, present) {
  const unknown = [...named, ...present].filter((name) => !HOSTS.includes(name));
  if (unknown.length) throw new Error(`examples: ${unknown.join(', ')} is not one of the hosts (${HOSTS.join(', ')})`);
  const wanted = named.length ? named : HOSTS;
  const missing = wanted.filter((name) => !present.includes(name));
  if (missing.length) throw new Error(`examples: no package.json in examples/${missing.join(', examples/')}`);
  return wanted;
}

/**
 * The closing line: which hosts ran; throws when one that should have did not.
 * @param {string[]} wanted
 * @param {string[]} ran
 * @returns {string}
 */
export function ranLine(wanted, ran) {
  const missed = wanted.filter((name) => !ran.includes(name));
  const line = `examples: ${ran.length} of ${wanted.length} hosts ran (${ran.join(', ') || 'none'})`;
  if (missed.length) throw new Error(`${line}; not run: ${missed.join(', ')}`);
  return `${line}: each completed a sandbox verification, eager and late definition`;
}

async function main() {
  const present = readdirSync(EXAMPLES).filter((name) => existsSync(path.join(EXAMPLES, name, 'package.json')));
  const wanted = hostsToRun(process.argv.slice(2), present);
  const ran = [];
  packPackage();
  const sandbox = await startSandbox({ host: 'localhost', port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (const name of wanted) if ((await runExample(name, browser, sandbox.origin)).length) ran.push(name);
  } finally {
    await browser.close();
    await sandbox.close();
    if (ran.length < wanted.length) console.error(`examples: ran ${ran.join(', ') || 'none'} of ${wanted.join(', ')}`);
  }
  console.log(ranLine(wanted, ran));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
