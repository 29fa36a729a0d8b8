import { describe, expect, it } from 'vitest';
import { decodeMessage, type Decoded } from '../../src/frame/decode';
import { frameFor, PROVIDER_IDS } from '../../src/providers/index';
import { frameIdFor } from '../../src/providers/sumsub';
import type { FrameContext } from '../../src/providers/types';
import { context } from './providers/helpers';

/**
 * The answers to the frames' handshakes (providers/<id>.ts `reply`), which the stand-in sends before the runtime is
 * here and the protocols send after: only the handshake gets one, exactly the message the provider's SDK sends.
 */

const wire = (data: unknown) => decodeMessage(data) as Decoded;
const TOKEN = '_act-sbx-jwt-abc.def.ghi';
const SUMSUB_URL = new URL(`https://in.sumsub.com/websdk/websdk.html?_=${frameIdFor(TOKEN)}`);

function reply(id: (typeof PROVIDER_IDS)[number], data: unknown, ctx: FrameContext, url: URL, token?: string) {
  return frameFor(id).reply?.(wire(data), { context: ctx, url }, token);
}

describe("the first reply to a frame's handshake", () => {
  it('only Sumsub, Veriff, Yoti and generic wait for one', () => {
    expect(PROVIDER_IDS.filter((id) => frameFor(id).reply)).toEqual(['generic', 'sumsub', 'veriff', 'yoti']);
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
 * The frames' ready messages (providers/<id>.ts `ready`): read by the stand-in before the runtime is here (its
 * kyc-ready) and by the protocols after, one function each. Only the ready message is ready, as the protocol reads
 * it (the protocols' own tests cover the rest of their routing).
 */
describe("a frame's ready, read before the runtime", () => {
  const ready = (id: (typeof PROVIDER_IDS)[number], data: unknown, url: URL, ctx = context()) =>
    frameFor(id).ready?.(wire(data), { context: ctx, url });
  const PERSONA = new URL('https://inquiry.withpersona.com/widget?container-id=kyc-widget-1');

  it('the providers whose frame says ready in a message; the others are ready at their first load (the runtime)', () => {
    expect(PROVIDER_IDS.filter((id) => frameFor(id).ready)).toEqual([
      'generic',
      'persona',
      'veriff',
      'jumio',
      'didit',
      'yoti',
    ]);
  });

  it.each<[(typeof PROVIDER_IDS)[number], unknown, URL, { sessionId?: string } | undefined]>([
    ['generic', { kyc: 1, type: 'ready', sessionId: 'ses_1' }, PERSONA, { sessionId: 'ses_1' }],
    ['generic', JSON.stringify({ kyc: 1, type: 'ready' }), PERSONA, { sessionId: undefined }],
    ['generic', { kyc: 2, type: 'ready' }, PERSONA, undefined],
    ['generic', { kyc: 1, type: 'start' }, PERSONA, undefined],
    ['persona', { name: 'ready', containerId: 'kyc-widget-1' }, PERSONA, {}],
    ['persona', { name: 'READY' }, PERSONA, {}],
    ['persona', { name: 'ready', containerId: 'kyc-widget-2' }, PERSONA, undefined],
    ['persona', { name: 'load', containerId: 'kyc-widget-1' }, PERSONA, undefined],
    ['veriff', 'VERIFF_HANDSHAKE', PERSONA, {}],
    ['veriff', { name: 'veriff_handshake' }, PERSONA, {}],
    ['veriff', 'VERIFF_STARTED', PERSONA, undefined],
    ['didit', { type: 'didit:ready', data: { sessionId: 'sbx-1' } }, PERSONA, { sessionId: 'sbx-1' }],
    ['didit', { type: 'DIDIT:READY', data: { session_id: 'sbx-2' } }, PERSONA, { sessionId: 'sbx-2' }],
    ['didit', { type: 'didit:started' }, PERSONA, undefined],
    [
      'jumio',
      JSON.stringify({ eventType: 510, workflowExecutionId: 'wf_1', payload: { value: 'loaded' } }),
      PERSONA,
      { sessionId: 'wf_1' },
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
      { sessionId: undefined }, // the id that carries the message's own token is no id
    ],
    ['jumio', { eventType: 510, payload: { value: 'success' } }, PERSONA, undefined],
    ['jumio', { eventType: 511, payload: { value: 'loaded' } }, PERSONA, undefined],
    [
      'yoti',
      { eventType: 'STARTED' },
      new URL('https://api.yoti.com/idverify/v1/web/index.html?sessionID=ses_9'),
      { sessionId: 'ses_9' },
    ],
    ['yoti', { eventType: 'SUCCESS' }, PERSONA, undefined],
  ])('%s: %j', (id, data, url, expected) => {
    expect(ready(id, data, url)).toEqual(expected);
  });
});
