import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../../../sandbox/catalog.mjs';
import {
  applyInputs,
  burstDelivered,
  demoInputs,
  describeClickThrough,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fixtureCleanup,
  frameOf,
  frameSrc,
  mountDemo,
  record,
  removeForgers,
  SANDBOX,
  sandbox,
  scriptDone,
  together,
  untilState,
  waitUntil,
  widget,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

const TOKEN = SANDBOX_TOKENS.yoti;

/** The widget with Yoti's post method: the bare URL, the session handed over in INIT_SESSION. */
async function mountPost(script: string, session = 'sbx_yoti_post_0001') {
  const inputs = demoInputs('yoti', { script, session });
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  el.options = { launch: 'post' };
  applyInputs(el, inputs);
  const frame = await frameSrc(el);
  return { el, events, frame };
}

describe('yoti: the sandbox Yoti IDV client, in real Chromium', () => {
  // Yoti's URL launch says nothing before the end: `wait:50` keeps the message behind the iframe's load event.
  it('URL launch: ready on load, SUCCESS → kyc-submit and kyc-complete (pending) with the session id', async () => {
    const { el, events, frame } = await mountDemo('yoti', { script: 'wait:50,success', session: 'sbx_yoti_a1' });
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-complete')).toEqual({
      provider: 'yoti',
      outcome: 'pending',
      sessionId: 'sbx_yoti_a1',
    });
    const url = new URL(frame);
    expect([url.searchParams.get('sessionID'), url.searchParams.get('sessionToken')]).toEqual(['sbx_yoti_a1', TOKEN]);
    expect(el.getAttribute('session-token')).toBeNull();
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it('post method: the frame URL holds no session; INIT_SESSION hands it over and the flow finishes', async () => {
    const { el, events, frame } = await mountPost('success');
    await untilState(el, 'complete');
    expect([...new URL(frame).searchParams.keys()]).toEqual(['script']);
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-submit', 'kyc-complete']);
    expect(detailOf(events, 'kyc-complete')).toMatchObject({ outcome: 'pending', sessionId: 'sbx_yoti_post_0001' });
  });

  it('post method: the sandbox checks INIT_SESSION (it would end in ERROR 2003/2004 and never finish its script)', async () => {
    const { el, events, frame } = await mountPost('wait:50');
    await untilState(el, 'ready');
    await scriptDone(frame);
    expect(eventTypes(events)).toEqual(['kyc-ready']);
  });

  describe('the sandbox page itself, with this test page as its host: INIT_SESSION is checked', () => {
    /** What the bare (post method) sandbox page posts, in order, when the host answers its STARTED with `init`. */
    async function answerStarted(init: Record<string, unknown>): Promise<unknown[]> {
      const frame = document.createElement('iframe');
      frame.className = 'forger'; // removed after each test
      frame.src = sandbox('/yoti/idverify/v1/web/index.html?script=success');
      const said: unknown[] = [];
      const listener = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow) return;
        said.push(event.data);
        if ((event.data as { eventType?: unknown } | null)?.eventType === 'STARTED')
          frame.contentWindow!.postMessage({ eventType: 'INIT_SESSION', ...init }, SANDBOX);
      };
      window.addEventListener('message', listener);
      document.body.append(frame);
      try {
        // The page's last word: its script ran to the end, or its handshake refused to run it.
        const last = (data: unknown) =>
          ['script-done', 'script-stopped'].includes(String((data as { sandbox?: unknown })?.sandbox));
        await waitUntil(() => said.some(last), 'the sandbox Yoti page never finished', { timeout: 5000 });
        return said.map((data) =>
          (data as { sandbox?: unknown }).sandbox ? (data as { sandbox: unknown }).sandbox : data,
        );
      } finally {
        window.removeEventListener('message', listener);
      }
    }

    it('the control: a whole INIT_SESSION lets the script run (SUCCESS)', async () => {
      expect(await answerStarted({ sessionID: 'sbx_yoti_direct', sessionToken: TOKEN })).toEqual([
        { eventType: 'STARTED' },
        { eventType: 'SUCCESS' },
        'script-done',
      ]);
    });

    it.each([
      ['no sessionID', 2004, { sessionToken: TOKEN }],
      ['an empty sessionID', 2004, { sessionID: '', sessionToken: TOKEN }],
      ['a sessionID that is not a string', 2004, { sessionID: 42, sessionToken: TOKEN }],
      ['no sessionToken', 2003, { sessionID: 'sbx_yoti_direct' }],
      ['a sessionToken that is not a string', 2003, { sessionID: 'sbx_yoti_direct', sessionToken: { token: TOKEN } }],
    ])('%s: ERROR %i, and the script never runs', async (_, code, init) => {
      expect(await answerStarted(init)).toEqual([
        { eventType: 'STARTED' },
        { eventType: 'ERROR', eventCode: code },
        'script-stopped',
      ]);
    });
  });

  it('ERROR 1000 (the person cancelled) → kyc-cancel', async () => {
    const { el, events } = await mountDemo('yoti', { script: 'wait:50,error:1000' });
    await untilState(el, 'cancelled');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-cancel']);
  });

  it.each([
    ['2002', 'session-expired', false],
    ['4000', 'camera-unavailable', true],
    ['3000', 'provider-error', true],
    ['5007', 'provider-error', false],
  ])(
    'ERROR %s → kyc-error %s (recoverable %s): Yoti ends its flow on an error',
    async (code, expected, recoverable) => {
      const { el, events } = await mountDemo('yoti', { script: `wait:50,error:${code}` });
      await untilState(el, 'error');
      expect(detailOf(events, 'kyc-error')).toMatchObject({
        provider: 'yoti',
        code: expected,
        providerCode: code,
        recoverable,
      });
    },
  );

  it('the first of a burst of results tears the frame down: one ending, the rest give nothing', async () => {
    const { el, events, frame } = await mountDemo('yoti', {
      script: ['wait:50', together('success', 'error:1000', 'success')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(eventTypes(events).filter((t) => t === 'kyc-complete' || t === 'kyc-cancel')).toEqual(['kyc-complete']);
  });

  it('ignores Yoti-shaped endings forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('yoti');
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      { eventType: 'SUCCESS' },
      { eventType: 'ERROR', eventCode: 1000 },
      JSON.stringify({ eventType: 'ERROR', eventCode: 2002 }),
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    const { el } = await expectSpyHearsNothing('yoti', []);
    expect(el.state).toBe('ready');
  });
});

describeClickThrough('yoti', [
  ['Finish (SUCCESS)', 'complete'],
  ['Cancel (1000)', 'cancelled'],
  ['Camera permission not granted (4000)', 'error'],
]);
