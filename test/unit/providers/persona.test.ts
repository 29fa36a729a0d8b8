import { describe, expect, it } from 'vitest';
import {
  adapters,
  context,
  encodings,
  expectNoSecret,
  expectRobust,
  expectWellFormed,
  fakePort,
  junk,
  send,
  start,
} from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { persona } = adapters;

const TEMPLATE = 'itmpl_Ab12Cd34Ef56Gh78';
const SESSION_TOKEN = 'pst_session_9f8e7d6c5b4a';

function flow(ctx = context({ options: { templateId: TEMPLATE } })) {
  const { session, port, url } = start(persona, ctx);
  const containerId = url.searchParams.get('container-id')!;
  const msg = (name: string, extra: Record<string, unknown> = {}) => ({ containerId, name, ...extra });
  return { session, port, url, containerId, msg };
}

describe('persona frameUrl', () => {
  it('builds the widget URL from a template id', () => {
    const built = frameUrlOf(
      persona,
      context({
        options: { templateId: TEMPLATE, environmentId: 'env_123abc', referenceId: 'user 42&x' },
        locale: 'fr',
        theme: 'dark',
      }),
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const { url } = built;
    expect(url.origin + url.pathname).toBe('https://inquiry.withpersona.com/widget');
    const q = url.searchParams;
    expect(q.get('inquiry-template-id')).toBe(TEMPLATE);
    expect(q.get('environment-id')).toBe('env_123abc');
    expect(q.get('reference-id')).toBe('user 42&x');
    expect(q.get('language')).toBe('fr');
    expect(q.get('iframe-origin')).toBe('https://shop.example');
    expect(q.get('flow-type')).toBe('inline'); // the widget's inline mode: Persona's in-page flow
    expect(q.get('style-variant')).toBe('dark');
    expect(q.get('container-id')).toMatch(/^kyc-widget-[0-9a-f]{24}$/);
    expect(q.has('session-token')).toBe(false);
  });

  it('gives every attempt its own container id', () => {
    const a = frameUrlOf(persona, context({ options: { templateId: TEMPLATE } }));
    const b = frameUrlOf(persona, context({ options: { templateId: TEMPLATE } }));
    expect(a.ok && b.ok && a.url.searchParams.get('container-id') !== b.url.searchParams.get('container-id')).toBe(
      true,
    );
  });

  it('puts legacy tmpl_ ids in template-id and accepts a template version', () => {
    const legacy = frameUrlOf(persona, context({ options: { templateId: 'tmpl_Legacy123' } }));
    expect(legacy.ok && legacy.url.searchParams.get('template-id')).toBe('tmpl_Legacy123');
    expect(legacy.ok && legacy.url.searchParams.has('inquiry-template-id')).toBe(false);
    const version = frameUrlOf(persona, context({ options: { templateVersionId: 'itmplv_V1' } }));
    expect(version.ok && version.url.searchParams.get('inquiry-template-version-id')).toBe('itmplv_V1');
  });

  it("resumes an inquiry with the session token (Persona's own URL format)", () => {
    const built = frameUrlOf(persona, context({ options: { inquiryId: 'inq_ABC123' }, sessionToken: SESSION_TOKEN }));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.url.searchParams.get('inquiry-id')).toBe('inq_ABC123');
    expect(built.url.searchParams.get('session-token')).toBe(SESSION_TOKEN);
  });

  it('uses options.host as the origin only', () => {
    const built = frameUrlOf(
      persona,
      context({ options: { templateId: TEMPLATE, host: 'https://verify.custom.example/ignored?x=1' } }),
    );
    expect(built.ok && built.url.href.startsWith('https://verify.custom.example/widget?')).toBe(true);
  });

  it('keeps a complete session-url and only adds what is missing', () => {
    const sessionUrl = new URL(
      'https://inquiry.withpersona.com/widget?inquiry-id=inq_1&language=de&container-id=host-chosen',
    );
    const built = frameUrlOf(persona, context({ sessionUrl, locale: 'es', options: { templateId: 'not-used' } }));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const q = built.url.searchParams;
    expect(q.get('inquiry-id')).toBe('inq_1');
    expect(q.get('language')).toBe('de');
    expect(q.get('container-id')).toBe('host-chosen');
    expect(q.get('iframe-origin')).toBe('https://shop.example');
    expect(q.get('flow-type')).toBe('inline');
    expect(q.has('style-variant')).toBe(false);
    expect(sessionUrl.searchParams.has('flow-type')).toBe(false); // the input is not mutated
  });

  it.each([
    [{}, /session-url, or options.templateId/],
    [{ templateId: 'abc_123' }, /itmpl_/],
    [{ templateId: 42 }, /itmpl_/],
    [{ templateId: '' }, /itmpl_/],
    [{ templateId: 'itmpl_a b' }, /itmpl_/],
    [{ inquiryId: 'inq_1', templateId: TEMPLATE }, /do not combine/],
    [{ inquiryId: 'inq 1/../x' }, /inquiryId/],
    [{ templateVersionId: {} }, /templateVersionId/],
    [{ templateId: TEMPLATE, environmentId: 'env/../x' }, /environmentId/],
    [{ templateId: TEMPLATE, referenceId: 'x'.repeat(300) }, /referenceId/],
    [{ templateId: TEMPLATE, host: 'javascript:alert(1)' }, /options.host/],
    [{ templateId: TEMPLATE, host: 'http://evil.example' }, /https/],
    [{ templateId: TEMPLATE, host: 7 }, /options.host/],
  ])('refuses options %j', (options, message) => {
    const built = frameUrlOf(persona, context({ options }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(message);
  });

  it('refuses a session token that is not one', () => {
    const built = frameUrlOf(persona, context({ options: { inquiryId: 'inq_1' }, sessionToken: 'has space' }));
    expect(built.ok).toBe(false);
  });

  it("frames with Persona's allow and sandbox lists", () => {
    expect(persona.allow).toBe(
      'camera;microphone;clipboard-write;publickey-credentials-create;publickey-credentials-get',
    );
    expect(persona.sandbox).toBe(
      'allow-scripts allow-same-origin allow-popups allow-forms allow-modals allow-top-navigation-by-user-activation',
    );
    expect(persona.origins).toEqual([
      'https://inquiry.withpersona.com',
      'https://canary.withpersona.com',
      'https://inquiry.withpersona-staging.com',
    ]);
  });
});

describe('persona messages', () => {
  it("inline: ready, sized from Persona's preferredDimensions, and no open (the in-page flow shows itself)", () => {
    const { session, port, msg } = flow();
    expect(send(session, msg('load'))).toEqual([]);
    const preferredDimensions = {
      minimumWidth: '400px',
      maximumWidth: '768px',
      minimumHeight: '640px',
      maximumHeight: '900px',
    };
    expect(send(session, msg('ready', { metadata: { preferredDimensions } }))).toEqual([
      { type: 'ready' },
      { type: 'resize', height: 640 },
    ]);
    expect(port.posted).toEqual([]);
  });

  it("modal: the embedded flow is opened once, as Persona's SDK does on open()", () => {
    const { session, port, msg } = flow(context({ options: { templateId: TEMPLATE }, mode: 'modal' }));
    expect(send(session, msg('ready'))).toEqual([{ type: 'ready' }]);
    expect(port.posted).toEqual([{ action: 'open', metadata: {} }]);
    send(session, msg('ready'));
    expect(port.posted).toHaveLength(1);
  });

  it('asks for the embedded flow in modal mode, sends the documented style variants, and the framing parameters when framed', () => {
    const modal = frameUrlOf(persona, context({ options: { templateId: TEMPLATE }, mode: 'modal', theme: 'light' }));
    expect(modal.ok && modal.url.searchParams.get('flow-type')).toBe('embedded');
    expect(modal.ok && modal.url.searchParams.get('style-variant')).toBe('base');
    const framed = frameUrlOf(
      persona,
      context({ options: { templateId: TEMPLATE }, ancestors: ['https://portal.example'] }),
    );
    expect(framed.ok && framed.url.searchParams.get('frame-ancestors[0]')).toBe('https://shop.example');
    expect(framed.ok && framed.url.searchParams.get('frame-ancestors[1]')).toBe('https://portal.example');
    expect(framed.ok && framed.url.searchParams.get('message-target-origin')).toBe('https://shop.example');
    const top = frameUrlOf(persona, context({ options: { templateId: TEMPLATE } }));
    expect(
      top.ok &&
        [...top.url.searchParams.keys()].some((k) => k.startsWith('frame-ancestors') || k === 'message-target-origin'),
    ).toBe(false);
    const given = frameUrlOf(
      persona,
      context({
        options: {
          templateId: TEMPLATE,
          frameAncestors: ['https://a.example'],
          messageTargetOrigin: 'https://b.example',
        },
      }),
    );
    expect(given.ok && given.url.searchParams.get('frame-ancestors[0]')).toBe('https://a.example');
    expect(given.ok && given.url.searchParams.get('message-target-origin')).toBe('https://b.example');
    expect(
      frameUrlOf(persona, context({ options: { templateId: TEMPLATE, frameAncestors: 'https://a.example' } })).ok,
    ).toBe(false);
  });

  it.each(encodings({ name: 'start', metadata: { inquiryId: 'inq_123' } }))('maps start (%s)', (_, data) => {
    const { session, containerId } = flow();
    const withId =
      typeof data === 'string'
        ? data.replace('{', `{"containerId":"${containerId}",`)
        : { ...(data as object), containerId };
    expect(send(session, withId)).toEqual([{ type: 'start', sessionId: 'inq_123' }]);
  });

  it('maps page-change to progress and resize, without ids in the step', () => {
    const { session, msg } = flow();
    expect(
      send(
        session,
        msg('page-change', { metadata: { pathname: '/verify/government-id/inq_ABCDEFGH12?x=1', pageHeight: 812.4 } }),
      ),
    ).toEqual([
      { type: 'progress', step: 'verify/government-id' },
      { type: 'resize', height: 812 },
    ]);
    expect(send(session, msg('page-change', { metadata: { pathname: '/<script>alert(1)</script>' } }))).toEqual([
      { type: 'progress', step: 'script-alert-1-/script' },
    ]);
    expect(send(session, msg('page-change', { metadata: { pageHeight: 5 } }))).toEqual([]);
  });

  it.each([
    ['approved', 'approved'],
    ['APPROVED', 'approved'],
    ['declined', 'declined'],
    ['failed', 'declined'],
    ['completed', 'pending'],
    ['needs_review', 'pending'],
    [undefined, 'pending'],
    [42, 'pending'],
  ])('maps complete with status %s to %s, after a submit', (status, outcome) => {
    const { session, msg } = flow();
    expect(
      send(session, msg('complete', { metadata: { inquiryId: 'inq_9', status, fields: { name: { value: 'Ada' } } } })),
    ).toEqual([
      { type: 'submit', sessionId: 'inq_9' },
      { type: 'complete', outcome, sessionId: 'inq_9' },
    ]);
  });

  it.each([
    ['failed', 'declined'],
    ['declined', 'declined'],
    ['approved', 'declined'],
    ['needs_review', 'pending'],
    [undefined, 'declined'],
  ])('maps fail with status %s to %s', (status, outcome) => {
    const { session, msg } = flow();
    expect(send(session, msg('fail', { metadata: { inquiryId: 'inq_9', status } }))).toEqual([
      { type: 'submit', sessionId: 'inq_9' },
      { type: 'complete', outcome, sessionId: 'inq_9' },
    ]);
  });

  it('maps exit to cancel and never passes the session token on', () => {
    const { session, msg } = flow();
    const signals = send(session, msg('exit', { metadata: { inquiryId: 'inq_9', sessionToken: SESSION_TOKEN } }));
    expect(signals).toEqual([{ type: 'cancel' }]);
    expectNoSecret(signals, SESSION_TOKEN);
  });

  it.each([
    ['invalid_config', { type: 'error', code: 'provider-error', recoverable: false, providerCode: 'invalid_config' }],
    [
      'inactive_template',
      { type: 'error', code: 'provider-error', recoverable: false, providerCode: 'inactive_template' },
    ],
    ['unauthenticated', { type: 'error', code: 'session-expired', providerCode: 'unauthenticated' }],
    [
      'application_error',
      { type: 'error', code: 'provider-error', recoverable: true, providerCode: 'application_error' },
    ],
    ['unknown', { type: 'error', code: 'provider-error', recoverable: true, providerCode: 'unknown' }],
  ])('maps error %s', (code, expected) => {
    const { session, msg } = flow();
    const [signal] = send(session, msg('error', { error: { status: 400, code, message: 'secret details <b>' } }));
    expect(signal).toMatchObject(expected);
    expect(JSON.stringify(signal)).not.toContain('secret details');
    if (expected.code === 'session-expired') expect(signal).not.toHaveProperty('recoverable');
  });

  it('maps an error without a usable code', () => {
    const { session, msg } = flow();
    expect(send(session, msg('error', { error: { code: 'has spaces!' } }))).toEqual([
      { type: 'error', code: 'provider-error', message: 'Persona reported an error', recoverable: true },
    ]);
  });

  it("maps load-camera-failed to a camera-unavailable warning (Persona's flow offers another way), but not a permission check result", () => {
    const { session, msg } = flow();
    expect(send(session, msg('load-camera-failed'))).toEqual([
      {
        type: 'warning',
        code: 'camera-unavailable',
        message: 'Persona could not start the camera; its flow offers another way',
        providerCode: 'load-camera-failed',
      },
    ]);
    expect(
      send(
        session,
        msg('camera-permissions-check-result', {
          metadata: { hasCameraPermission: false, hasMicrophonePermission: false },
        }),
      ),
    ).toEqual([]);
  });

  it('ignores analytics names and other shapes', () => {
    const { session, msg } = flow();
    for (const name of ['document-upload', 'selfie-camera-capture', 'one-time-link-sent', '__proto__', 'constructor']) {
      expect(send(session, msg(name))).toEqual([]);
    }
    expect(send(session, 'ready')).toEqual([]);
  });
});

describe('persona container binding', () => {
  it("drops messages with another container id; takes one without any (as Persona's SDK: the widget has one frame)", () => {
    const { session, msg } = flow();
    expect(send(session, { ...msg('start'), containerId: 'kyc-widget-other' })).toEqual([]);
    expect(send(session, { name: 'start', containerId: 42 })).toEqual([]);
    expect(send(session, { name: 'start' })).toEqual([{ type: 'start' }]);
    expect(send(session, msg('start'))).toEqual([{ type: 'start' }]);
  });

  it('binds to the first container id when the bridge does not say which URL it loaded', () => {
    const session = persona.createSession(fakePort(context()));
    expect(send(session, { containerId: 'first', name: 'start' })).toEqual([{ type: 'start' }]);
    expect(send(session, { containerId: 'second', name: 'start' })).toEqual([]);
    expect(send(session, { containerId: 'first', name: 'exit' })).toEqual([{ type: 'cancel' }]);
  });
});

describe('persona robustness', () => {
  it('drops a session token that the frame echoes as an id, a step or a code', () => {
    const { session, msg } = flow(context({ options: { inquiryId: 'inq_1' }, sessionToken: SESSION_TOKEN }));
    expect(send(session, msg('start', { metadata: { inquiryId: SESSION_TOKEN } }))).toEqual([{ type: 'start' }]);
    expect(send(session, msg('page-change', { metadata: { pathname: `/x/${SESSION_TOKEN}` } }))).toEqual([]);
    expect(send(session, msg('error', { error: { code: SESSION_TOKEN } }))).toEqual([
      { type: 'error', code: 'provider-error', message: 'The verification frame reported an error', recoverable: true },
    ]);
    expect(
      send(session, msg('complete', { metadata: { inquiryId: 'inq_from_exit', sessionToken: 'inq_from_exit' } })),
    ).toEqual([{ type: 'submit' }, { type: 'complete', outcome: 'pending' }]);
  });

  it('survives 200 junk inputs and emits only well-formed signals', () => {
    const { session, containerId, msg } = flow();
    const shapes = [
      msg('ready'),
      msg('complete', { metadata: { status: 'approved' } }),
      msg('error', { error: { code: 'x' } }),
      msg('page-change', { metadata: {} }),
      { containerId, name: 'exit', metadata: { sessionToken: SESSION_TOKEN } },
    ];
    const names = ['ready', 'load', 'start', 'complete', 'fail', 'exit', 'error', 'page-change', 'load-camera-failed'];
    const signals = expectRobust(session, junk(1, shapes, names));
    expectNoSecret(signals, SESSION_TOKEN);
    expectWellFormed(send(session, msg('complete', { metadata: { status: 'approved' } })));
  });
});
