import { describe, expect, it } from 'vitest';
import { decodeMessage, type Decoded } from '../../src/frame/decode';
import { PROVIDER_IDS, talkOf } from '../support/providers';
import { frameIdFor } from '../../src/providers/sumsub/frame';
import type { FrameContext } from '../../src/providers/types';
import { context } from './providers/helpers';

/**
 * The answers to the frames' handshakes (providers/<id>/talk.ts `reply`), which the stand-in sends before the runtime is
 * here and the protocols send after: only the handshake gets one, exactly the message the provider's SDK sends.
 */

const wire = (data: unknown) => decodeMessage(data) as Decoded;
const TOKEN = '_act-sbx-jwt-abc.def.ghi';
const SUMSUB_URL = new URL(`https://in.sumsub.com/websdk/websdk.html?_=${frameIdFor(TOKEN)}`);

function reply(id: (typeof PROVIDER_IDS)[number], data: unknown, ctx: FrameContext, url: URL, token?: string) {
  return talkOf(id).reply?.(wire(data), { context: ctx, url }, token);
}

describe("the first reply to a frame's handshake", () => {
  it('only Sumsub, Veriff, Yoti and generic wait for one', () => {
    expect(PROVIDER_IDS.filter((id) => talkOf(id).reply)).toEqual(['generic', 'sumsub', 'veriff', 'yoti']);
  });

  it('sumsub: idCheck.init with the token, for the frame this URL made, and nothing else', () => {
    const ctx = context({ sessionToken: TOKEN });
    const hello = { method: 'idCheck.onReady', frameId: frameIdFor(TOKEN), sessionId: 'sbx_1' };
    expect(reply('sumsub', hello, ctx, SUMSUB_URL, TOKEN)).toMatchObject({
      method: 'idCheck.init',
      accessToken: TOKEN,
      lang: 'en',
      packageVersion: '2.9.0',
      origin: 'https://shop.example',
    });
    expect(reply('sumsub', JSON.stringify(hello), ctx, SUMSUB_URL, TOKEN)).toMatchObject({ method: 'idCheck.init' });
    for (const other of [
      { ...hello, frameId: 'id_other' },
      { ...hello, sessionId: undefined },
      { ...hello, sessionId: 'has space' },
      { ...hello, method: 'idCheck.onInitialized' },
      'idCheck.onReady',
    ])
      expect(reply('sumsub', other, ctx, SUMSUB_URL, TOKEN), JSON.stringify(other)).toBeUndefined();
  });

  it('veriff: VERIFF_RENDER to VERIFF_HANDSHAKE in any of its encodings, and nothing else', () => {
    const url = new URL('https://alchemy.veriff.com/v/abc');
    const render = { name: 'VERIFF_RENDER', payload: { version: '2.5.0', isReloadHandled: true } };
    for (const hello of ['VERIFF_HANDSHAKE', 'veriff_handshake', '"VERIFF_HANDSHAKE"', { name: 'VERIFF_HANDSHAKE' }])
      expect(reply('veriff', hello, context(), url), JSON.stringify(hello)).toMatchObject(render);
    for (const other of ['VERIFF_STARTED', { name: 'HANDSHAKE' }, 'VERIFF_HANDSHAKE_X'])
      expect(reply('veriff', other, context(), url), JSON.stringify(other)).toBeUndefined();
  });

  it('yoti: INIT_SESSION to STARTED, in the post launch only', () => {
    const url = new URL('https://api.yoti.com/idverify/v1/web/index.html');
    const post = context({ options: { launch: 'post', sessionId: 'ses_1' }, sessionToken: 'tok_1' });
    expect(reply('yoti', { eventType: 'STARTED' }, post, url, 'tok_1')).toEqual({
      eventType: 'INIT_SESSION',
      sessionID: 'ses_1',
      sessionToken: 'tok_1',
    });
    expect(reply('yoti', { eventType: 'STARTED' }, context({ options: { sessionId: 'ses_1' } }), url)).toBeUndefined();
    expect(reply('yoti', { eventType: 'SUCCESS' }, post, url, 'tok_1')).toBeUndefined();
  });

  it('generic: init to ready, with the language and theme', () => {
    const url = new URL('https://flow.example/s/1');
    const ctx = context({ locale: 'de', theme: 'dark' });
    expect(reply('generic', { kyc: 1, type: 'ready' }, ctx, url)).toEqual({
      kyc: 1,
      type: 'init',
      locale: 'de',
      theme: 'dark',
    });
    expect(reply('generic', { kyc: 2, type: 'ready' }, ctx, url)).toBeUndefined();
    expect(reply('generic', { type: 'ready' }, ctx, url)).toBeUndefined();
  });
});

/**
 * The frames' ready and start (providers/<id>/talk.ts `hear`): read by the stand-in before the runtime is here (its
 * kyc-ready and kyc-start) and by the protocols after, one reader of each frame's messages in order (the protocols'
 * own tests cover the rest of their routing). Only the ready message is ready and only the start is start, as the
 * protocol reads them, naming the session the protocol names.
 */
describe("a frame's ready and start, read before the runtime", () => {
  type Id = (typeof PROVIDER_IDS)[number];
  /** What a fresh reader of this frame hears from each message, in order (null: a load). */
  const hear = (id: Id, messages: unknown[], url: URL, ctx = context()) => {
    const reader = talkOf(id).hear!({ context: ctx, url });
    return messages.map((data) => reader(data === null ? null : wire(data)));
  };
  const said = (id: Id, data: unknown, url: URL) => hear(id, [data], url)[0];
  const PERSONA = new URL('https://inquiry.withpersona.com/widget?container-id=kyc-widget-1');

  it('every provider the widget frames has one: in a message, or at its first load', () => {
    expect(PROVIDER_IDS.filter((id) => talkOf(id).hear)).toEqual([
      'generic',
      'persona',
      'sumsub',
      'veriff',
      'jumio',
      'idenfy',
      'didit',
      'yoti',
      'veratad',
      'caf',
      'zignsec',
    ]);
  });

  it.each<[Id, unknown, URL, { said?: string; sessionId?: string } | undefined]>([
    ['generic', { kyc: 1, type: 'ready', sessionId: 'ses_1' }, PERSONA, { said: 'ready', sessionId: 'ses_1' }],
    ['generic', JSON.stringify({ kyc: 1, type: 'ready' }), PERSONA, { said: 'ready', sessionId: undefined }],
    ['generic', { kyc: 2, type: 'ready' }, PERSONA, undefined],
    ['generic', { kyc: 1, type: 'start', sessionId: 'ses_2' }, PERSONA, { said: 'start', sessionId: 'ses_2' }],
    ['generic', { kyc: 1, type: 'progress', sessionId: 'ses_2' }, PERSONA, undefined],
    ['persona', { name: 'ready', containerId: 'kyc-widget-1' }, PERSONA, { said: 'ready', sessionId: undefined }],
    ['persona', { name: 'READY' }, PERSONA, { said: 'ready', sessionId: undefined }],
    ['persona', { name: 'ready', containerId: 'kyc-widget-2' }, PERSONA, undefined],
    ['persona', { name: 'load', containerId: 'kyc-widget-1' }, PERSONA, { said: undefined, sessionId: undefined }],
    [
      'persona',
      { name: 'start', containerId: 'kyc-widget-1', metadata: { inquiryId: 'inq_1' } },
      PERSONA,
      { said: 'start', sessionId: 'inq_1' },
    ],
    [
      'persona',
      { name: 'start', metadata: { inquiryId: 'inq_abcdefgh12345678', sessionToken: 'x-inq_abcdefgh12345678' } },
      PERSONA,
      { said: 'start', sessionId: undefined }, // the id that carries the message's own resume token is no id
    ],
    ['veriff', 'VERIFF_HANDSHAKE', PERSONA, { said: 'ready' }],
    ['veriff', { name: 'veriff_handshake' }, PERSONA, { said: 'ready' }],
    ['veriff', 'VERIFF_STARTED', PERSONA, { said: 'start' }],
    ['veriff', '"veriff_started"', PERSONA, { said: 'start' }],
    ['veriff', 'VERIFF_SUBMITTED', PERSONA, undefined],
    ['didit', { type: 'didit:ready', data: { sessionId: 'sbx-1' } }, PERSONA, { said: 'ready', sessionId: 'sbx-1' }],
    ['didit', { type: 'DIDIT:READY', data: { session_id: 'sbx-2' } }, PERSONA, { said: 'ready', sessionId: 'sbx-2' }],
    ['didit', { type: 'didit:started' }, PERSONA, { said: 'start', sessionId: undefined }],
    ['didit', { type: 'didit:step_started' }, PERSONA, { said: undefined, sessionId: undefined }],
    ['didit', { type: 'other:started' }, PERSONA, undefined],
    [
      'jumio',
      JSON.stringify({ eventType: 510, workflowExecutionId: 'wf_1', payload: { value: 'loaded' } }),
      PERSONA,
      { said: 'ready', sessionId: 'wf_1' },
    ],
    [
      'jumio',
      {
        eventType: '510',
        authorizationToken: 'tok_abcdefgh12345678',
        workflowExecutionId: 'tok_abcdefgh12345678',
        payload: { value: 'LOADED' },
      },
      PERSONA,
      { said: 'ready', sessionId: undefined }, // the id that carries the message's own token is no id
    ],
    ['jumio', { eventType: 510, payload: { value: 'success' } }, PERSONA, undefined],
    ['jumio', { eventType: 511, payload: { value: 'loaded' } }, PERSONA, undefined],
    [
      'yoti',
      { eventType: 'STARTED' },
      new URL('https://api.yoti.com/idverify/v1/web/index.html?sessionID=ses_9'),
      { said: 'ready', sessionId: 'ses_9' },
    ],
    ['yoti', { eventType: 'SUCCESS' }, PERSONA, undefined],
  ])('%s: %j', (id, data, url, expected) => {
    expect(said(id, data, url)).toEqual(expected);
  });

  it('a load is neither, for the frames that say it in a message', () => {
    for (const id of ['generic', 'persona', 'sumsub', 'veriff', 'jumio', 'didit'] as const)
      expect(hear(id, [null], PERSONA), id).toEqual([undefined]);
  });

  it("persona: the inquiry named so far, from this attempt's container only", () => {
    const unnamed = new URL('https://inquiry.withpersona.com/widget');
    expect(
      hear(
        'persona',
        [
          { name: 'load', containerId: 'c-1', metadata: { inquiryId: 'inq_1' } },
          { name: 'ready', containerId: 'c-2', metadata: { inquiryId: 'inq_2' } }, // another container: not this frame's
          { name: 'ready', containerId: 'c-1' },
          { name: 'start', metadata: { inquiryId: 'inq_3' } },
        ],
        unnamed,
      ),
    ).toEqual([
      { said: undefined, sessionId: 'inq_1' },
      undefined,
      { said: 'ready', sessionId: 'inq_1' },
      { said: 'start', sessionId: 'inq_3' },
    ]);
  });

  it('didit: the session named so far, by any of its messages', () => {
    expect(
      hear(
        'didit',
        [{ type: 'didit:ready' }, { type: 'didit:event', data: { session_id: 'sbx-7' } }, { type: 'didit:started' }],
        PERSONA,
      ),
    ).toEqual([
      { said: 'ready', sessionId: undefined },
      { said: undefined, sessionId: 'sbx-7' },
      { said: 'start', sessionId: 'sbx-7' },
    ]);
  });

  it('sumsub: bound to the session its hello named; onInitialized is ready, the first onStepInitiated the start, naming the applicant', () => {
    const msg = (method: string, extra: object = {}) => ({ method, sessionId: 'sdk_1', ...extra });
    const hello = { method: 'idCheck.onReady', frameId: frameIdFor(TOKEN), sessionId: 'sdk_1' };
    expect(
      hear(
        'sumsub',
        [
          msg('idCheck.onInitialized'), // before the hello: not this frame's yet
          { ...hello, frameId: 'id_other' }, // another frame's hello
          hello,
          msg('idCheck.onInitialized', { sessionId: 'sdk_2' }), // another session
          msg('idCheck.onInitialized'),
          msg('idCheck.onApplicantLoaded', { applicantId: 'app_1' }),
          msg('idCheck.onStepInitiated', { idDocSetType: 'IDENTITY' }),
          msg('idCheck.onStepInitiated', { idDocSetType: 'SELFIE' }),
          { ...hello, sessionId: 'sdk_2' }, // a second hello with another session, in the same document: refused
          msg('idCheck.onApplicantSubmitted'),
        ],
        SUMSUB_URL,
      ),
    ).toEqual([
      undefined,
      undefined,
      {},
      undefined,
      { said: 'ready', sessionId: undefined },
      { said: undefined, sessionId: 'app_1' },
      { said: 'start', sessionId: 'app_1' },
      { said: undefined, sessionId: 'app_1' },
      undefined,
      { said: undefined, sessionId: 'app_1' },
    ]);
  });

  it('sumsub: after a new load, a hello may bind another session; an applicant id that carries the frame id is no id', () => {
    const hello = (sessionId: string) => ({ method: 'idCheck.onReady', frameId: frameIdFor(TOKEN), sessionId });
    const leaky = frameIdFor(TOKEN)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20);
    expect(
      hear(
        'sumsub',
        [
          hello('sdk_1'),
          null,
          hello('sdk_2'),
          { method: 'idCheck.onApplicantLoaded', sessionId: 'sdk_1', applicantId: 'app_1' },
          { method: 'idCheck.onApplicantLoaded', sessionId: 'sdk_2', applicantId: leaky },
          { method: 'idCheck.onInitialized', sessionId: 'sdk_2' },
        ],
        SUMSUB_URL,
      ),
    ).toEqual([
      {},
      undefined,
      {},
      undefined,
      { said: undefined, sessionId: undefined },
      { said: 'ready', sessionId: undefined },
    ]);
  });

  it('iDenfy, Veratad, ZignSec: the first load is ready, and nothing else', () => {
    for (const id of ['idenfy', 'veratad', 'zignsec'] as const)
      expect(hear(id, [{ status: 'APPROVED' }, null, 'PASS', null], PERSONA), id).toEqual([
        undefined,
        { said: 'ready' },
        undefined,
        undefined,
      ]);
  });

  it('caf: the first load is ready, the first STEP_STARTED the start (named or not)', () => {
    const url = new URL('https://cadastro.io/tok');
    expect(
      hear(
        'caf',
        [
          { code: 'STEP_COMPLETED' },
          null,
          { code: 'step_started', response: {} },
          null,
          { code: 'STEP_STARTED', response: { stepName: 'SELFIE' } },
        ],
        url,
      ),
    ).toEqual([undefined, { said: 'ready' }, { said: 'start' }, undefined, undefined]);
  });

  it("yoti: the URL launch's first load is ready, with its session; the post launch waits for STARTED", () => {
    const url = new URL('https://api.yoti.com/idverify/v1/web/index.html?sessionID=ses_9&sessionToken=t');
    const ready = { said: 'ready', sessionId: 'ses_9' };
    expect(hear('yoti', [null, null, { eventType: 'STARTED' }], url)).toEqual([ready, undefined, ready]);
    const post = context({ options: { launch: 'post', sessionId: 'ses_9' } });
    expect(hear('yoti', [null, { eventType: 'STARTED' }], url, post)).toEqual([undefined, ready]);
  });
});
