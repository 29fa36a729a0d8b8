/**
 * Stand-in for the API that Jumio's web component `<jumio-sdk>` calls, `https://web-sdk.<region>.jumio.ai/websdk/v4/api`
 * (`@jumio/websdk@0.3.19`, js/index.BEBD0ZpD.js: the `dc` → base URL map `nHe`, the transport class with
 * `getSettings$`, `getAcquisitionStatus$`, `provideConsents$`, `uploadData$`, `checkUsability$`, `finalize$`,
 * `sendAnalyticsEvent$`, `sendReportingEvent$`). Served over TLS on loopback:
 * the browser tests point Jumio's own host names here (Chromium's `--host-resolver-rules`, test/support/jumio-api.ts),
 * so Jumio's unmodified code calls its real origins. What the element needs to reach its first screen:
 *
 *   every call   `Authorization: Bearer <token>`, headers `Sdk-Platform`, `Sdk-Version`, `Websdk-Version`,
 *                `Content-Type: application/json` (so a CORS preflight first: answered here)
 *   GET  /status       → `{status}`: NOT_STARTED, then the element fetches its settings; SUCCESS or PENDING →
 *                        `workflow:success`, FAILED → `workflow:failed`, RETRY → `workflow:retry`. Asked once at
 *                        start, then every 7 s while NOT_STARTED.
 *   POST /settings     → the workflow's settings, checked against the package's `TbSettingsSchema` (a wrong one is
 *                        reported as `wrong settings` and ends on its error screen); with one credential, the start
 *                        screen shows and `workflow:start` fires. Here: one ID credential whose country (AUT) and
 *                        type (PASSPORT: one side) are `DEFINED`, and `supportedCountries` listing that passport
 *                        (the schemas `g1e` and `NJ`: search `category: h.Literal(F.Id)` and `idTypes: h.Array(X1e)`),
 *                        so the element goes from its start screen straight to the camera; no `merchantSettings`, so
 *                        its autocapture is off (`xz`: `e.merchantSettings?.autoCapture?.[t] ?? !1`) and the capture
 *                        is manual.
 *
 * What it calls past its start screen (its transport class, search `provideConsents$(e)`), each answer checked by
 * the validator beside its request there:
 *
 *   POST /consent      `{consents}` (its start button) → an object (`gl`): `{}`.
 *   POST /credential/<credential id>/upload   `multipart/form-data` (search `uploadData$({ credentialUUID`): a
 *                        `uploadFilesMetadata` JSON field and one file per picture → an object; its
 *                        `usabilityResultKeys` maps each file's field name to a key (search
 *                        `t.usabilityResultKeys[r.multipartName]`). The parts are recorded (name, filename, type,
 *                        size), never the bytes.
 *   POST /result/usability/<key>   → `{decisionType}` (validator `mn(r, ["decisionType"])`): `PASS`, with the
 *                        front side's `classifier` (the schema `oU`, search `decisionType: h.Literal(Wn.PASS)`).
 *   POST /finalize     → an object (`gl`): `{}`. Its finish screen follows, and `workflow:success`.
 *   POST /analyticsevent, /reportingevent → `{}` (its logging: `{events: [{eventType, payload: {value}}]}`, whose
 *                        values are kept, so a test sees which screens it showed and whether it found its settings
 *                        wrong).
 *
 * The token (`header.payload.signature`) is read as the element reads it (`WRe`): the payload is base64url of a
 * zlib-deflated JSON object with `exAt` (ms), `wfeId`, `accId`. Sandbox tokens carry `sandbox.status`, the answers
 * to give /status in turn (the last repeats). Test hooks, on the same origin: `GET /sandbox/token?status=A,B` mints
 * one, `GET /sandbox/requests?wfe=<id>` lists what that workflow's element asked (never the token itself).
 */
import { createServer } from 'node:https';
import { randomUUID } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

const API = '/websdk/v4/api';
const STATUSES = ['NOT_STARTED', 'PENDING', 'SUCCESS', 'FAILED', 'RETRY'];

/** A sandbox token: Jumio's shape, scripted by `status`. */
export function jumioToken(status = ['NOT_STARTED'], wfeId = randomUUID()) {
  const payload = { exAt: String(Date.now() + 30 * 60_000), wfeId, accId: randomUUID(), sandbox: { status } };
  const body = deflateSync(Buffer.from(JSON.stringify(payload))).toString('base64url');
  return { token: `eyJhbGciOiJub25lIn0.${body}.sandbox`, wfeId };
}

/** The token's payload, or null when it is not one (the element would have stayed on its setup screen). */
export function readJumioToken(token) {
  try {
    const payload = JSON.parse(inflateSync(Buffer.from(token.split('.')[1], 'base64url')).toString('utf8'));
    return typeof payload.wfeId === 'string' && typeof payload.exAt === 'string' ? payload : null;
  } catch {
    return null;
  }
}

/** Settings that pass the package's own schema (TbSettingsSchema's required fields), one ID credential. */
function settings(payload) {
  return {
    accountId: payload.accId,
    acquisitionReference: payload.wfeId,
    workflowDefinitionKey: 10011,
    brandingEnabled: false,
    configurations: {},
    consents: [],
    credentials: [
      {
        id: '6c2a7e0c-0b9e-4a3c-9d3e-5a8f1b2c3d4e',
        category: 'ID',
        country: { predefinedType: 'DEFINED', values: ['AUT'] },
        type: { predefinedType: 'DEFINED', values: ['PASSPORT'] },
      },
    ],
    countryForIp: 'AUT',
    stateForIp: '',
    maxFileUploadSize: 15485760,
    supportedCountries: [
      {
        country: 'AUT',
        idTypes: [{ idType: 'PASSPORT', variants: [{ variant: 'PAPER', format: 'ID3', parts: [{ side: 'FRONT' }] }] }],
      },
    ],
    supportedDocumentTypes: [],
    timestamp: new Date().toISOString(),
  };
}

/**
 * The parts of a `multipart/form-data` body, as the stand-in records them: `{name, filename, type, size}` for a file,
 * `{name, size}` for another field (their bytes are counted, never kept).
 */
export function multipartParts(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const from = start + delimiter.length;
    const next = body.indexOf(delimiter, from);
    if (next === -1) break;
    // Each part: CRLF, its headers, a blank line, its content, CRLF before the next delimiter.
    const part = body.subarray(from + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = part.subarray(0, split).toString('utf8');
      const content = part.subarray(split + 4);
      const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(headers)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1];
      parts.push(
        filename === undefined ? { name, size: content.length } : { name, filename, type, size: content.length },
      );
    }
    start = next;
  }
  return parts;
}

/** The `payload.value` of each event in a logging call's body (`{events: [{eventType, payload: {value}}]}`). */
function loggedValues(body) {
  try {
    const { events } = JSON.parse(body);
    return Array.isArray(events) ? events.map((event) => String(event?.payload?.value)) : [];
  } catch {
    return [];
  }
}

export function createJumioApi() {
  /** wfeId → what its element asked: `{host, method, path, authorized, headers}`. */
  const requests = new Map();

  function send(req, res, status, body) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      Vary: 'Origin',
    });
    res.end(JSON.stringify(body));
  }

  async function handle(req, res) {
    const url = new URL(req.url, 'https://sandbox.invalid');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
      return res.end();
    }
    if (url.pathname === '/sandbox/token') {
      const status = (url.searchParams.get('status') ?? 'NOT_STARTED').split(',');
      if (!status.every((s) => STATUSES.includes(s))) return send(req, res, 400, { error: 'unknown status' });
      return send(req, res, 200, jumioToken(status));
    }
    if (url.pathname === '/sandbox/requests')
      return send(req, res, 200, requests.get(url.searchParams.get('wfe')) ?? []);
    if (!url.pathname.startsWith(`${API}/`)) return send(req, res, 404, { message: 'not an API path' });

    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const payload = bearer ? readJumioToken(bearer) : null;
    const path = url.pathname.slice(API.length);
    if (!payload) return send(req, res, 401, { message: 'no valid token' });
    const seen = requests.get(payload.wfeId) ?? [];
    requests.set(payload.wfeId, seen);
    seen.push({
      host: req.headers.host,
      method: req.method,
      path,
      sdkPlatform: req.headers['sdk-platform'],
      websdkVersion: req.headers['websdk-version'],
      // Its own log lines (`screen:start:start-screen-start`, `arbitrary:wrong settings`, …): what it showed.
      ...(path.endsWith('event') ? { logged: loggedValues(body) } : {}),
    });
    if (req.method === 'GET' && path === '/status') {
      const script = Array.isArray(payload.sandbox?.status) ? payload.sandbox.status : ['NOT_STARTED'];
      const asked = seen.filter((r) => r.path === '/status').length;
      return send(req, res, 200, { status: script[Math.min(asked, script.length) - 1] ?? 'NOT_STARTED' });
    }
    if (req.method === 'POST' && path === '/settings') return send(req, res, 200, settings(payload));
    if (req.method === 'POST' && path === '/consent') return send(req, res, 200, {});
    const upload = /^\/credential\/([^/]+)\/upload$/.exec(path);
    if (req.method === 'POST' && upload) {
      const parts = multipartParts(raw, req.headers['content-type']);
      seen.at(-1).parts = parts;
      const files = parts.filter((part) => part.filename !== undefined);
      return send(req, res, 200, {
        usabilityResultKeys: Object.fromEntries(files.map((file) => [file.name, `usability-${file.name}`])),
      });
    }
    if (req.method === 'POST' && path.startsWith('/result/usability/'))
      return send(req, res, 200, { decisionType: 'PASS', classifier: 'FRONTSIDE' });
    if (req.method === 'POST' && path === '/finalize') return send(req, res, 200, {});
    if (req.method === 'POST' && (path === '/analyticsevent' || path === '/reportingevent')) {
      return send(req, res, 200, {});
    }
    return send(req, res, 404, { message: `the sandbox does not stand in for ${req.method} ${path}` });
  }

  return {
    /** What the element of workflow `wfeId` asked, in order (as `GET /sandbox/requests` answers it). */
    requests: (wfeId) => requests.get(wfeId) ?? [],
    handle: (req, res) =>
      handle(req, res).catch(() => {
        if (!res.headersSent) send(req, res, 500, { message: 'sandbox error' });
        else res.end();
      }),
  };
}

/** The stand-in on `host:port` over TLS, with the test's certificate for Jumio's three API host names. */
export async function startJumioApi({ host = '127.0.0.1', port = 0, cert, key }) {
  const api = createJumioApi();
  const server = createServer({ cert, key }, api.handle);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    requests: api.requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
