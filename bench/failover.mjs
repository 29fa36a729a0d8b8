// Failover with `provider="auto"` on a phone (bench/README.md, "Failover"): a section of `npm run bench` (run.mjs,
// `--skip failover` to leave it out). Per network shape (loopback, slow 4G), at 4x CPU, in rotating rounds (the phone
// section's runner, phone.mjs measurePhone), three pages identical but for the session endpoint:
//
// - `direct`: `<kyc-widget provider="sumsub" session-endpoint>`, whose backend answers after BACKEND_MS: the second
//   provider's normal ready, the reference of both targets;
// - `frame-dead`: `provider="auto"`, whose backend first names the generic provider on a frame that loads and never
//   says anything (the sandbox's /silent page) with `load-timeout` LOAD_TIMEOUT_MS, then, asked again with `failed`,
//   Sumsub. Target: ready ≤ the primary's load timeout + the second's own ready, as the paired ratio
//   ready ÷ (LOAD_TIMEOUT_MS + direct's ready) ≤ 1.00 (the interval's upper bound);
// - `api-503`: `provider="auto"` through the real `createKycBackend` (the built `kyc-widget/server`), whose
//   `providers` are a generic client whose session API (a server of its own on loopback) answers 503, and a Sumsub
//   client answering after BACKEND_MS: the backend moves on within the request. Target: ready ÷ direct's ≤ 1.10.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import {
  BACKEND_MS,
  lightPage,
  pick,
  measureShape,
  pairedRatio,
  startShape,
  summaryOf,
  targetMet,
  widgetProbe,
  widgetSession,
} from './phone.mjs';

/** The primary's load timeout on the frame-dead page (the widget's `load-timeout`, ms). */
export const LOAD_TIMEOUT_MS = 3000;
export const FAILOVER_TARGETS = { frameDead: 1, api503: 1.1 };
const SECOND = 'sumsub';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const esc = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const json = (status, body, headers = {}) => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

function page(provider, endpoint, frameOrigin, loadTimeout) {
  const attributes = [
    ['provider', provider],
    ['session-endpoint', endpoint],
    ['allowed-origins', frameOrigin],
    ...(loadTimeout ? [['load-timeout', String(loadTimeout)]] : []),
  ];
  // The switch, as a mark: when the widget said it moved the person on (read after ready, never needed).
  const switched = `<script>document.addEventListener('kyc-warning',function(e){if(e.detail&&e.detail.code==='provider-switched')m('switched')})</script>`;
  return lightPage(
    `${widgetProbe}\n${switched}\n<script type="module" src="/dist/kyc-widget.js"></script>`,
    `<kyc-widget ${attributes.map(([n, v]) => `${n}="${esc(v)}"`).join(' ')}></kyc-widget>`,
  );
}

/** A session API that is down: every request answers 503 (a real round trip, on loopback). */
async function downApi() {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '30' });
    res.end('{"error":"unavailable"}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/sessions`,
    hits: () => hits,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The node request the shaped proxy hands a route, as the Web Request `createKycBackend` takes. */
function webRequest(req, body, origin) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
}

/**
 * The shape's failover routes on the host: frame-dead (stateless: the request's `failed` says which answer) and
 * api-503 (the real backend, one new user per load so that no session is handed out again).
 */
async function failoverRoutes(shaped, dist, down) {
  const frameOrigin = shaped.frames.instant.origin;
  const second = () => ({ ...widgetSession(SECOND, frameOrigin), provider: SECOND });
  const routes = {
    '/api/kyc-session/frame-dead': async (req, body) => {
      const request = JSON.parse(body.toString() || '{}');
      await sleep(BACKEND_MS);
      if (Array.isArray(request.failed) && request.failed.length) return json(200, second());
      return json(200, { provider: 'generic', sessionUrl: `${frameOrigin}/silent` });
    },
  };
  const server = await import(pathToFileURL(path.join(dist, 'server', 'index.js')).href);
  let user = 0;
  const backend = server.createKycBackend({
    authorize: async () => `bench-user-${++user}`,
    allowedOrigins: [shaped.host.origin],
    webhookSecrets: {},
    // The sandbox's frames are plain http on loopback: a backend serves them only in development.
    development: true,
    providers: {
      generic: async ({ signal }) => {
        const answer = await fetch(down.url, { method: 'POST', body: '{}', signal });
        throw new Error(`generic session API answered ${answer.status}`);
      },
      [SECOND]: async () => {
        await sleep(BACKEND_MS);
        const { sessionUrl, sessionToken } = widgetSession(SECOND, frameOrigin);
        return { sessionUrl, sessionToken };
      },
    },
  });
  routes['/api/kyc-session/api-503'] = async (req, body) => {
    const answer = await backend.session(webRequest(req, body, shaped.host.origin));
    return {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    };
  };
  return routes;
}

export function failoverCases(shape, frameOrigin) {
  const base = `/failover/${shape}`;
  const item = (id, html, needs = ['ready']) => ({
    id,
    provider: SECOND,
    kind: id,
    variant: 'instant',
    needs,
    path: `${base}/${id}.html`,
    html,
  });
  return [
    item('direct', page(SECOND, `/api/kyc-session/${SECOND}`, frameOrigin)),
    item('frame-dead', page('auto', '/api/kyc-session/frame-dead', frameOrigin, LOAD_TIMEOUT_MS), [
      'ready',
      'switched',
    ]),
    item('api-503', page('auto', '/api/kyc-session/api-503', frameOrigin)),
  ];
}

export function summarizeFailover({ samples, errors }) {
  const direct = samples.direct ?? [];
  const dead = samples['frame-dead'] ?? [];
  const down = samples['api-503'] ?? [];
  // frame-dead against its bound: the load timeout plus the second provider's own ready, paired by round.
  const frameDead = pairedRatio(dead, direct, pick('ready'), (s) => s.marks?.ready + LOAD_TIMEOUT_MS);
  const api503 = pairedRatio(down, direct);
  return {
    ready: { direct: summaryOf(direct), frameDead: summaryOf(dead), api503: summaryOf(down) },
    switched: summaryOf(dead, pick('switched')),
    frameDead: {
      ...frameDead,
      target: FAILOVER_TARGETS.frameDead,
      met: targetMet(frameDead.interval95, FAILOVER_TARGETS.frameDead),
    },
    api503: { ...api503, target: FAILOVER_TARGETS.api503, met: targetMet(api503.interval95, FAILOVER_TARGETS.api503) },
    errors: Object.entries(errors).flatMap(([id, list]) => list.map((e) => ({ case: id, ...e }))),
  };
}

/** The section: per shape, its cases on the phone runner, then the figures beside their targets. */
export async function measureFailover({ browser, host, sandboxOrigin, dist, shapes, runs, gapMs, log }) {
  const out = {
    rate: 4,
    runs,
    loadTimeoutMs: LOAD_TIMEOUT_MS,
    backendMs: BACKEND_MS,
    targets: FAILOVER_TARGETS,
    shapes: {},
  };
  const down = await downApi();
  try {
    for (const shapeId of shapes) {
      const since = performance.now();
      const shaped = await startShape(shapeId, {
        hostUpstream: host.origin,
        sandboxUpstream: sandboxOrigin.replace('localhost', '127.0.0.1'),
      });
      try {
        Object.assign(shaped.routes, await failoverRoutes(shaped, dist, down));
        const cases = failoverCases(shapeId, shaped.frames.instant.origin);
        for (const item of cases) host.pages.set(item.path, { html: item.html, csp: false });
        log(`failover @4x, ${shaped.shape.label}: ${cases.length} cases × ${runs} rounds (+1 warm-up), interleaved`);
        out.shapes[shapeId] = await measureShape(browser, shaped, shapeId, cases, {
          runs,
          gapMs,
          log,
          since,
          summarize: summarizeFailover,
        });
      } finally {
        await shaped.close();
      }
    }
    out.downApiRequests = down.hits();
  } finally {
    await down.close();
  }
  return out;
}
