import { describe, expect, it } from 'vitest';
import { PROVIDER_DEMOS, SANDBOX_TOKENS } from '../../examples/sandbox/catalog.mjs';
import { bootFrame } from '../../src/element/stand-in';
import type { BootFrame } from '../../src/element/handover';
import { FACTS } from '../../src/providers/facts';
import { defaults, fromAttribute, BY_PROPERTY, type Inputs } from '../../src/element/inputs';
import { resolveFrame, type ResolvedFrame } from '../../src/runtime/resolve';
import { PROVIDER_IDS } from '../../src/providers/index';
import { TOKEN } from './providers/helpers';

/**
 * The boot chunk builds a frame only for inputs that need no checking, and then exactly the frame the
 * runtime's resolveFrame builds (URL — Persona's random container-id aside —, allow, sandbox, allowlist,
 * context). Over a corpus of inputs (the sandbox catalog's, the provider tests' shapes, and their
 * combinations): the boot defers, or boot == runtime.
 */

/** The boot's environment, and `mobile`, which the runtime adds to the boot's frame when it adopts it. */
type Env = Parameters<typeof bootFrame>[1] & { mobile: boolean };
const ENVS: Env[] = [
  {
    locale: 'en',
    hostOrigin: 'https://shop.example',
    baseUrl: 'https://shop.example/signup',
    ancestors: [],
    mobile: false,
  },
  {
    locale: 'pt-BR',
    hostOrigin: 'https://embed.example',
    baseUrl: 'https://embed.example/kyc',
    ancestors: ['https://portal.example', 'https://top.example'],
    mobile: true,
  },
];

const SANDBOX = 'http://127.0.0.1:4100';
const jwt = (claims: object) => `_act-jwt-${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

/** Session URLs, tokens and options the provider tests and the sandbox use, valid and not. */
const SESSION_URLS: Array<string | undefined> = [
  undefined,
  'https://inquiry.withpersona.com/widget?inquiry-id=inq_1',
  'https://inquiry.withpersona.com/widget?language=fr&session-token=given',
  'https://in.sumsub.com/websdk/websdk.html?_=old&theme=dark&extra=1',
  'https://api.sumsub.com/prefix/',
  'https://alchemy.veriff.com/v/abc?lang=de',
  'https://magic.veriff.me/v/abc',
  'https://x1.web.emea-1.jumio.ai/web/v4/app?authorizationToken=t',
  'https://ui.idenfy.com/?authToken=given',
  'https://verify.didit.me/session/abc?sdk_presentation=x',
  'https://api.yoti.com/idverify/v1/web/index.html?sessionID=s1&sessionToken=t1',
  'https://api.yoti.com/idverify/v1/web/index.html?sessionID=s1',
  'https://api.yoti.com/idverify/v1/web/index.html',
  'https://vx-fe.dcams.app/link/1',
  'https://cadastro.io/abc',
  'https://tenant.cadastro.io/abc',
  'https://gateway.zignsec.com/scan/1',
  'https://flow.example/start',
  'https://evil.example/start',
  'http://127.0.0.1:4100/generic?script=ready',
  'http://flow.example/insecure',
  'javascript:alert(1)',
  'https://user:pw@flow.example/',
  'not a url',
  '/relative/path',
];
const TOKENS: Array<string | undefined> = [
  undefined,
  'tok_123',
  TOKEN,
  jwt({ url: 'https://eu.sumsub.example' }),
  jwt({ url: 'http://evil.example' }),
  'has space',
  '../etc',
  '.dot',
  'x'.repeat(9000),
];
const OPTIONS: Array<Inputs['options']> = [
  {},
  { language: 'ja' },
  { language: 7 },
  { kyb: true },
  { templateId: 'itmpl_abc', environmentId: 'env_1' },
  { sessionId: 's2', launch: 'post' },
  { sandbox: true, sessionId: 's3' },
  { defaultDocumentCamera: 'back' },
  { config: { lang: 'de' } },
  { baseUrl: 'https://eu.sumsub.example' },
  { frameAncestors: ['https://a.example'] },
  { unrelated: 1 },
  fromAttribute(BY_PROPERTY.get('options')!, '{') as Inputs['options'],
];
const ALLOWED: Array<string | undefined> = [
  undefined,
  'https://flow.example',
  'https://*.flow.example https://eu.sumsub.example',
  SANDBOX,
  'nope',
  'https://*.com',
  // Canonical origins the boot takes as they are, and spellings it leaves to the runtime's patterns.
  'http://localhost:4100 https://flow.example:8443',
  'https://flow.example/',
  'https://Flow.example',
  'https://flow.example:443',
];

function inputs(patch: Partial<Inputs>): Inputs {
  return { ...defaults(), ...patch };
}

function* corpus(): Generator<Inputs> {
  // The sandbox's inputs for every provider, as the browser tests use them.
  for (const id of PROVIDER_IDS) {
    const demo = (PROVIDER_DEMOS as Record<string, (origin: string, o?: object) => Partial<Inputs>>)[id];
    for (const options of [{}, { script: 'ready', session: 's_1' }]) {
      const given = demo(SANDBOX, options);
      for (const theme of ['auto', 'dark', 'light'] as const) yield inputs({ ...given, theme });
      yield inputs({ ...given, mode: 'modal' });
    }
    yield inputs({ provider: id, sessionToken: (SANDBOX_TOKENS as Record<string, string | undefined>)[id] });
  }
  // Every provider × session URL × token × options, with a few allowlists and themes.
  let n = 0;
  for (const provider of [...PROVIDER_IDS, 'acme'])
    for (const sessionUrl of SESSION_URLS)
      for (const sessionToken of TOKENS)
        for (const options of OPTIONS) {
          n++;
          yield inputs({
            provider,
            sessionUrl,
            sessionToken,
            options,
            allowedOrigins: ALLOWED[n % ALLOWED.length],
            theme: (['auto', 'dark', 'light'] as const)[n % 3],
          });
        }
}

/** Origins to probe an allowlist with: every built-in one (wildcards filled in), and strangers. */
const PROBES = [
  ...Object.values(FACTS).flatMap((facts) => facts.origins.map((origin) => origin.replace('*', 'abc'))),
  'https://flow.example',
  'https://a.flow.example',
  'https://a.b.flow.example',
  'https://eu.sumsub.example',
  'https://evil.example',
  // Around the one-label wildcards: two labels, a port, http, a bad label, the bare domain.
  'https://a.b.cadastro.io',
  'https://abc.cadastro.io:8443',
  'http://abc.cadastro.io',
  'https://-a.cadastro.io',
  'https://abc.beta.cadastro.io',
  'https://web.emea-1.jumio.ai',
  'https://flow.example:8443',
  SANDBOX,
  'http://localhost:4100',
  'null',
];

const normalized = (url: URL) => url.href.replace(/container-id=kyc-widget-[0-9a-f]{24}/, 'container-id=ID');

function same(boot: BootFrame, runtime: ResolvedFrame, env: Env, label: string): void {
  expect(normalized(boot.url), label).toBe(normalized(runtime.url));
  expect(boot.id, label).toBe(runtime.provider.id);
  expect(FACTS[boot.id].allow, label).toBe(runtime.provider.allow);
  expect(FACTS[boot.id].sandbox, label).toBe(runtime.provider.sandbox);
  for (const origin of [...PROBES, runtime.url.origin])
    expect(boot.allowlist.has(origin), `${label} allows ${origin}`).toBe(runtime.allowlist.has(origin));
  // As WidgetController.adopt completes it.
  expect(env.mobile ? { ...boot.context, mobile: true } : boot.context, label).toEqual(runtime.context);
}

/**
 * The corpus walks take about 1.5 s each on a quiet machine and several times that while CI keeps both cores
 * busy: compute, not waiting, so they get a budget to match instead of the default 5 s.
 */
const CORPUS_BUDGET = 60_000;

describe('the boot frame: defers, or is exactly the runtime frame', () => {
  it(
    'over the corpus, for every provider',
    () => {
      const built = new Map<string, number>();
      let total = 0;
      for (const env of ENVS) {
        for (const given of corpus()) {
          total++;
          const boot = bootFrame(given, env);
          if (!boot) continue;
          const label = JSON.stringify({ ...given, env });
          const runtime = resolveFrame(given, env);
          expect(runtime.kind, label).toBe('ok');
          if (runtime.kind !== 'ok') continue;
          same(boot, runtime.frame, env, label);
          built.set(boot.id, (built.get(boot.id) ?? 0) + 1);
        }
      }
      // The boot is no stand-in that always defers: every provider's plain inputs get their frame from it.
      expect([...built.keys()].sort()).toEqual([...PROVIDER_IDS].sort());
      expect(total).toBeGreaterThan(20000);
    },
    CORPUS_BUDGET,
  );

  it("builds the sandbox's plain inline inputs of every provider at once (what a page usually gives)", () => {
    for (const id of PROVIDER_IDS) {
      const demo = (PROVIDER_DEMOS as Record<string, (origin: string) => Partial<Inputs>>)[id];
      const given = inputs(demo(SANDBOX));
      expect(bootFrame(given, ENVS[0]), id).toBeDefined();
      expect(bootFrame({ ...given, mode: 'modal' }, ENVS[0]), `${id} modal`).toBeUndefined();
    }
  });

  it('leaves to the runtime: a token alone with Didit and CAF, a Sumsub token claiming a base outside Sumsub, and allowed-origins not written canonically', () => {
    for (const id of ['didit', 'caf'] as const) {
      const given = inputs({ provider: id, sessionToken: (SANDBOX_TOKENS as Record<string, string>)[id] });
      expect(resolveFrame(given, ENVS[0]).kind, id).toBe('ok');
      expect(bootFrame(given, ENVS[0]), `${id} token alone`).toBeUndefined();
    }
    // Sumsub's usual shape, a token alone, is built at once (in.sumsub.com, or the base its `url` claim names),
    // unless the claimed base is not one of Sumsub's own origins: only the runtime trusts that.
    for (const [sessionToken, built] of [
      [SANDBOX_TOKENS.sumsub, 'https://in.sumsub.com/websdk/websdk.html'],
      [jwt({ url: 'https://api.sumsub.com' }), 'https://api.sumsub.com/websdk/websdk.html'],
      [jwt({ url: 'https://kyc.example' }), undefined],
    ] as const) {
      const given = inputs({ provider: 'sumsub', sessionToken });
      expect(resolveFrame(given, ENVS[0]).kind).toBe('ok');
      const frame = bootFrame(given, ENVS[0]);
      expect(frame && `${frame.url.origin}${frame.url.pathname}`, sessionToken).toBe(built);
    }
    const sandbox = (PROVIDER_DEMOS as Record<string, (origin: string) => Partial<Inputs>>).generic(SANDBOX);
    for (const allowedOrigins of ['https://*.flow.example', 'https://flow.example/', 'https://Flow.example'])
      expect(
        bootFrame(inputs({ ...sandbox, allowedOrigins: `${SANDBOX} ${allowedOrigins}` }), ENVS[0]),
      ).toBeUndefined();
    expect(
      bootFrame(inputs({ ...sandbox, allowedOrigins: `${SANDBOX} https://flow.example:8443` }), ENVS[0]),
    ).toBeDefined();
  });

  it(
    'defers on anything the runtime reports as config-invalid',
    () => {
      for (const env of ENVS)
        for (const given of corpus()) {
          if (resolveFrame(given, env).kind !== 'ok')
            expect(bootFrame(given, env), JSON.stringify(given)).toBeUndefined();
        }
    },
    CORPUS_BUDGET,
  );
});
