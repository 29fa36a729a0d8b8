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
