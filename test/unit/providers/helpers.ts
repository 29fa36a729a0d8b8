import { expect } from 'vitest';
import { decodeMessage, type Decoded } from '../../../src/frame/decode';
import { FRAME_PROVIDER_IDS, frameOf, PROTOCOLS, type FrameProviderId } from '../../support/providers';
import type { FrameContext, ProviderFrame } from '../../../src/providers/types';
import type { ProviderProtocol, ProviderSession, SessionPort, Signal } from '../../../src/protocols/types';
import { frameUrlOf } from '../../support/frame-url';

export { FRAME_PROVIDER_IDS };
const FRAMES = FRAME_PROVIDER_IDS.map((id) => ({ ...frameOf(id), id }));

/** A provider's two parts together, as the element uses them: frame URL and origins, then the protocol. */
export type ProviderAdapter = ProviderFrame & ProviderProtocol;

export const adapters = Object.fromEntries(
  FRAMES.map((frame) => [frame.id, { ...frame, ...PROTOCOLS[frame.id] }]),
) as Record<FrameProviderId, ProviderAdapter>;

export const TOKEN = '_act-sbx-jwt-eyJhbGciOiJub25lIn0.c2VjcmV0LXRva2Vu.sig+/=';

export function context(overrides: Partial<FrameContext> = {}): FrameContext {
  return { options: {}, locale: 'en', theme: 'auto', hostOrigin: 'https://shop.example', mode: 'inline', ...overrides };
}

export interface FakePort extends SessionPort {
  posted: unknown[];
  setToken(token: string | undefined): void;
}

export function fakePort(ctx: FrameContext = context(), frameUrl: URL = new URL('https://frame.example/')): FakePort {
  let current = ctx.sessionToken;
  const posted: unknown[] = [];
  return {
    posted,
    context: ctx,
    frameUrl,
    post: (message) => posted.push(message),
    token: () => current,
    setToken: (token) => {
      current = token;
    },
  };
}

/** A session as the bridge would run it: frame URL built by the adapter, then the port pointing at it. */
export function start(
  adapter: ProviderAdapter,
  ctx: FrameContext = context(),
): { session: ProviderSession; port: FakePort; url: URL } {
  const built = frameUrlOf(adapter, ctx);
  if (!built.ok) throw new Error(built.message);
  const port = fakePort(ctx, built.url);
  return { session: adapter.createSession(port), port, url: built.url };
}

/** What the bridge hands to `receive`, from what `postMessage` delivered. */
export function wire(data: unknown): Decoded {
  const decoded = decodeMessage(data);
  if (!decoded) throw new Error(`not a protocol message: ${String(data)}`);
  return decoded;
}

export function send(session: ProviderSession, data: unknown): Signal[] {
  return session.receive(wire(data));
}

/** Every encoding a frame may use for an object message. */
export function encodings(data: Record<string, unknown>): Array<[string, unknown]> {
  return [
    ['object', data],
    ['JSON string', JSON.stringify(data)],
    ['padded JSON string', `  ${JSON.stringify(data)}\n`],
  ];
}

const OUTCOMES = ['approved', 'declined', 'pending'];
const ERROR_CODES = ['provider-error', 'camera-unavailable', 'session-expired'];
const SAFE = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A signal has exactly the fields its type allows, each of the right kind. */
export function expectWellFormed(signals: unknown): void {
  expect(Array.isArray(signals)).toBe(true);
  for (const signal of signals as Record<string, unknown>[]) {
    expect(Object.getPrototypeOf(signal)).toBe(Object.prototype);
    const keys = Object.keys(signal).sort();
    const optional = (allowed: string[]) => {
      for (const key of keys) expect(allowed).toContain(key);
    };
    if ('sessionId' in signal) expect(signal.sessionId).toMatch(SAFE);
    switch (signal.type) {
      case 'ready':
      case 'start':
      case 'submit':
        optional(['type', 'sessionId']);
        break;
      case 'progress':
        optional(['type', 'step', 'index', 'total']);
        expect(typeof signal.step).toBe('string');
        expect((signal.step as string).length).toBeGreaterThan(0);
        expect((signal.step as string).length).toBeLessThanOrEqual(100);
        expect(signal.step).toMatch(/^[A-Za-z0-9 _./:-]+$/);
        if ('index' in signal) expect(Number.isInteger(signal.index)).toBe(true);
        if ('total' in signal) expect(Number.isInteger(signal.total)).toBe(true);
        break;
      case 'complete':
        optional(['type', 'outcome', 'sessionId']);
        expect(OUTCOMES).toContain(signal.outcome);
        break;
      case 'cancel':
      case 'token-expired':
      case 'reload':
      case 'close-request':
        optional(['type']);
        break;
      case 'error':
        optional(['type', 'code', 'message', 'recoverable', 'providerCode']);
        expect(ERROR_CODES).toContain(signal.code);
        expect(typeof signal.message).toBe('string');
        if ('recoverable' in signal) expect(typeof signal.recoverable).toBe('boolean');
        if ('providerCode' in signal) expect(signal.providerCode).toMatch(/^[A-Za-z0-9_.:-]{1,100}$/);
        break;
      case 'warning':
        optional(['type', 'code', 'message', 'providerCode']);
        expect([...ERROR_CODES, 'offline']).toContain(signal.code);
        expect(typeof signal.message).toBe('string');
        if ('providerCode' in signal) expect(signal.providerCode).toMatch(/^[A-Za-z0-9_.:-]{1,100}$/);
        break;
      case 'resize':
        optional(['type', 'height']);
        expect(Number.isInteger(signal.height)).toBe(true);
        expect(signal.height).toBeGreaterThanOrEqual(50);
        expect(signal.height).toBeLessThanOrEqual(10000);
        break;
      default:
        throw new Error(`unknown signal type ${String(signal.type)}`);
    }
  }
}

/** No secret in what the widget would publish. */
export function expectNoSecret(signals: Signal[], ...secrets: string[]): void {
  const text = JSON.stringify(signals);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

/** A small seeded generator, so a failing junk case can be replayed. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * ~200 hostile or malformed inputs: random scalars and nested junk, the provider's own field names
 * with wrong types, prototype-pollution keys, and near-miss versions of real messages.
 */
export function junk(seed: number, shapes: Record<string, unknown>[], names: string[]): Decoded[] {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const keys = [
    'name',
    'type',
    'method',
    'status',
    'eventType',
    'payload',
    'metadata',
    'data',
    'sessionId',
    'containerId',
    'error',
    'value',
    'height',
    'code',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
  ];
  const scalar = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => undefined,
      () => Math.floor(random() * 2 ** 32) - 2 ** 31,
      () => random() * 1e6,
      () => pick([NaN, Infinity, -Infinity, -0, 510, '510', 9200, '9820']),
      () => random() < 0.5,
      () => pick(names),
      () => pick(names).toLowerCase(),
      () => 'x'.repeat(Math.floor(random() * 5000)),
      () => pick(HOSTILE_IDS)[1],
      () =>
        pick([
          '',
          ' ',
          '{',
          '{"a":',
          '"',
          '""',
          '[]',
          '{}',
          'null',
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
        ]),
    ])();
  const value = (depth: number): unknown => {
    if (depth > 3 || random() < 0.4) return scalar();
    if (random() < 0.2) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 5); i > 0; i--) out[pick(keys)] = value(depth + 1);
    return out;
  };
  const inputs: Decoded[] = [];
  for (let attempt = 0; inputs.length < 200 && attempt < 1000; attempt++) {
    const roll = random();
    let data: unknown;
    if (roll < 0.3) {
      // A real shape with some fields replaced by junk.
      const shape: Record<string, unknown> = { ...pick(shapes) };
      for (const key of Object.keys(shape)) if (random() < 0.5) shape[key] = value(1);
      data = shape;
    } else if (roll < 0.45) {
      data = JSON.stringify(value(0) ?? null);
    } else if (roll < 0.55) {
      data = `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": ${JSON.stringify(pick(names))}, "type": ${JSON.stringify(pick(names))}}`;
    } else if (roll < 0.65) {
      data = pick(names) + (random() < 0.5 ? '' : ' trailing');
    } else {
      data = value(0);
    }
    const decoded = decodeMessage(data);
    if (decoded) inputs.push(decoded);
    // Also what a broken bridge could hand over: objects the decoder would have refused.
    else if (data !== null && typeof data === 'object')
      inputs.push({ kind: 'object', value: data as Record<string, unknown> });
  }
  // Objects that are not plain data at all.
  inputs.push({ kind: 'object', value: Object.create(null) as Record<string, unknown> });
  inputs.push({
    kind: 'object',
    value: Object.create({ name: 'ready', type: 'didit:ready', method: 'idCheck.onReady' }) as Record<string, unknown>,
  });
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  inputs.push({ kind: 'object', value: trap as Record<string, unknown> });
  inputs.push({ kind: 'string', value: '' });
  return inputs;
}

/** Feeds junk to a fresh session, then the real flow, and checks nothing throws and nothing odd comes out. */
export function expectRobust(session: ProviderSession, inputs: Decoded[]): Signal[] {
  const all: Signal[] = [];
  for (const input of inputs) {
    let signals: Signal[] = [];
    expect(() => {
      signals = session.receive(input);
    }).not.toThrow();
    expectWellFormed(signals);
    all.push(...signals);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  return all;
}

/**
 * Session ids a hostile or broken frame may send. An id is something the host looks up on its server, never
 * free text: each of these must be dropped by every adapter (SAFE above is the rule they share).
 */
export const HOSTILE_IDS: ReadonlyArray<[string, unknown]> = [
  ['markup', '<img src=x onerror=alert(1)>'],
  ['a space', 'ses 1'],
  ['a newline', 'ses_1\n'],
  ['a path', '../../admin'],
  ['a slash', 'ses/1'],
  ['a URL', 'javascript:alert(1)//'],
  ['a quote', 'ses"1'],
  ['a zero-width space', 'ses\u200b1'],
  ['a right-to-left override', 'ses\u202e1'],
  ['non-ASCII letters', 'séssion'],
  ['percent-encoding', 'ses%2F1'],
  ['129 characters', 'a'.repeat(129)],
  ['200 characters', 'a'.repeat(200)],
  ['the empty string', ''],
  ['a number', 42],
  ['an object', { id: 'ses_1' }],
  ['an array', ['ses_1']],
];

/** Ids every adapter publishes as they are (the control: proves a carrier below does carry the id). */
export const GOOD_IDS: readonly string[] = ['ses_1', 'inq:2024.01-A', 'a'.repeat(128)];

/**
 * For each adapter, a fresh session fed the messages that carry `id` where that provider puts its session id,
 * and every signal that came out. `null`: the provider's protocol has no session id, so the adapter never
 * publishes one (the shared test checks that too).
 */
export const ID_CARRIERS: Record<FrameProviderId, ((id: unknown) => Signal[]) | null> = {
  generic: (id) => {
    const { session } = start(adapters.generic, context({ sessionUrl: new URL('https://verify.example/flow') }));
    return ['ready', 'start', 'submit', 'complete'].flatMap((type) =>
      send(session, { kyc: 1, type, outcome: 'approved', sessionId: id }),
    );
  },
  persona: (id) => {
    const { session, url } = start(adapters.persona, context({ options: { templateId: 'itmpl_Ab12Cd34Ef56Gh78' } }));
    const containerId = url.searchParams.get('container-id');
    return ['start', 'complete'].flatMap((name) =>
      send(session, { containerId, name, metadata: { inquiryId: id, status: 'approved' } }),
    );
  },
  sumsub: (id) => {
    const ctx = context({ sessionToken: TOKEN });
    const { session, url } = start(adapters.sumsub, ctx);
    const sessionId = 'sess-7f3a';
    send(session, { method: 'idCheck.onReady', frameId: url.searchParams.get('_'), sessionId });
    send(session, { method: 'idCheck.onApplicantLoaded', sessionId, applicantId: id });
    return ['idCheck.onInitialized', 'idCheck.onStepInitiated'].flatMap((method) =>
      send(session, { method, sessionId, idDocSetType: 'IDENTITY' }),
    );
  },
  jumio: (id) => {
    const href = 'https://acme.web.emea-1.jumio.ai/web/v4/app?authorizationToken=x.y.z&locale=de';
    const { session } = start(adapters.jumio, context({ sessionUrl: new URL(href) }));
    return ['loaded', 'success'].flatMap((value) =>
      send(session, { eventType: 510, workflowExecutionId: id, payload: { value } }),
    );
  },
  didit: (id) => {
    const { session } = start(adapters.didit, context({ sessionToken: 'dGhpcy1pcy1hLXNlc3Npb24tdG9rZW4' }));
    return ['ready', 'started', 'completed'].flatMap((name) =>
      send(session, { type: `didit:${name}`, data: { sessionId: id, status: 'Approved' } }),
    );
  },
  yoti: (id) => {
    // Yoti's id comes from the host's options (frameUrl refuses a bad one first; the session must hold too).
    const session = adapters.yoti.createSession(
      fakePort(context({ sessionToken: TOKEN, options: { sessionId: id } }), new URL('https://api.yoti.com/idverify/')),
    );
    return session.onLoad?.() ?? [];
  },
  caf: (id) => {
    const { session } = start(adapters.caf, context({ sessionToken: 'Zx81aQ2wE3rT4yU5iO6pA7sD8fG9hJ0k' }));
    return send(session, { code: 'ONBOARDING_FINISHED', response: { executionId: id } });
  },
  // ZignSec names the session twice: in the scanning URL's path (which binds the attempt) and in each message.
  zignsec: (id) => {
    const path = typeof id === 'string' ? encodeURIComponent(id) : ''; // a non-string: a link that names no session
    const href = `https://test-gateway.zignsec.com/ui/scanning-dp50/${path}?otp=1`;
    const { session } = start(adapters.zignsec, context({ sessionUrl: new URL(href) }));
    return send(session, { product: 'SCANNING', payload: { sessionId: id, sessionStatus: 'Accepted' } });
  },
  veriff: null,
  idenfy: null,
  veratad: null,
};

/** The ids a list of signals publishes. */
export function publishedIds(signals: Signal[]): unknown[] {
  return signals
    .filter((signal) => 'sessionId' in signal)
    .map((signal) => (signal as { sessionId?: unknown }).sessionId);
}
