import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyInputs,
  burstDelivered,
  clickInFrame,
  demoInputs,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fitViewport,
  fixtureCleanup,
  frameOf,
  mountDemo,
  record,
  removeForgers,
  SANDBOX,
  scriptDone,
  together,
  uniqueSession,
  untilState,
  widget,
  STARTED,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

const FRESH_TOKEN = 'sbx_tok_sumsub_fresh_9d41c7';

describe('sumsub: the sandbox /sumsub/websdk/websdk.html frame, in real Chromium', () => {
  it('runs a verification after the handshake, with the applicant id, steps and the GREEN answer', async () => {
    const applicant = uniqueSession('sbx_applicant');
    const { el, events } = await mountDemo('sumsub', {
      session: applicant,
      script: [
        'ready',
        'step:IDENTITY',
        'progress:1:2',
        'step-done:IDENTITY',
        'step:SELFIE',
        'progress:2:2',
        'submitted',
        'status:pending',
        'status:completed:GREEN',
      ],
    });
    await untilState(el, 'complete');
    events.stop();
    expect(events.names()).toEqual([
      ...STARTED,
      'kyc-progress',
      'kyc-progress',
      'kyc-progress',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'sumsub' });
    expect(detailOf(events, 'kyc-start')).toEqual({ provider: 'sumsub', sessionId: applicant });
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail)).toEqual([
      { provider: 'sumsub', sessionId: applicant, step: 'IDENTITY' },
      { provider: 'sumsub', sessionId: applicant, step: 'IDENTITY', index: 1, total: 2 },
      { provider: 'sumsub', sessionId: applicant, step: 'SELFIE' },
      { provider: 'sumsub', sessionId: applicant, step: 'SELFIE', index: 2, total: 2 },
    ]);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'sumsub', sessionId: applicant, outcome: 'approved' });
  });

  it('hands the access token over in idCheck.init, only after onReady, to the frame that the URL names', async () => {
    const { el, events, inputs } = await mountDemo('sumsub', { script: ['ready'], params: { echo: '1' } });
    await untilState(el, 'in-progress');
    const frame = frameOf(el)!;
    // The frame accepted the init (its token is the one the frame id encodes) and echoed lang/theme.
    expect(events.names()).toEqual([...STARTED, 'kyc-progress']);
    expect(detailOf(events, 'kyc-progress')?.step).toBe('init:en:auto');
    const url = new URL(frame.src);
    expect(url.origin).toBe(SANDBOX);
    expect(url.pathname).toBe('/sumsub/websdk/websdk.html');
    expect(url.searchParams.get('_')).toBe(`id_${btoa(inputs.sessionToken!)}`);
    expect(JSON.stringify(events)).not.toContain(inputs.sessionToken);
    expect(el.getAttribute('session-token')).toBeNull();
  });

  it('passes the widget’s locale and theme on: theme in the frame URL, lang and theme in idCheck.init', async () => {
    const el = await widget('<kyc-widget locale="fr-CA" theme="dark"></kyc-widget>');
    const events = record(el);
    applyInputs(el, demoInputs('sumsub', { script: 'ready', params: { echo: '1' } }));
    await untilState(el, 'in-progress');
    expect(new URL(frameOf(el)!.src).searchParams.get('theme')).toBe('dark');
    expect(detailOf(events, 'kyc-progress')?.step).toBe('init:fr:dark');
  });

  it('builds the frame URL from a base session-url (the catalog’s interactive inputs)', async () => {
    const { el } = await mountDemo('sumsub');
    await untilState(el, 'ready');
    const url = new URL(frameOf(el)!.src);
    expect(`${url.origin}${url.pathname}`).toBe(`${SANDBOX}/sumsub/websdk/websdk.html`);
  });

  it('invalid-token → session-expired; a new sessionToken reaches the frame as idCheck.updateAccessToken and the flow resumes', async () => {
    const { el, events } = await mountDemo('sumsub', {
      params: { echo: '1' },
      script: [
        'ready',
        'step:IDENTITY',
        'error:invalid-token',
        'await-token',
        'step:SELFIE',
        'submitted',
        'status:completed:RED:FINAL',
      ],
    });
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'session-expired', recoverable: false });
    const frame = frameOf(el);
    expect(frame).not.toBeNull(); // the frame stays, so the flow can go on where it was
    el.sessionToken = FRESH_TOKEN;
    await untilState(el, 'complete');
    events.stop();
    expect(frameOf(el)).toBeNull();
    const steps = events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step);
    expect(steps).toEqual(['init:en:auto', 'IDENTITY', `token:${FRESH_TOKEN.slice(-6)}`, 'SELFIE']);
    const resumed = events.names().indexOf('kyc-error');
    expect(events.names().slice(resumed)).toEqual([
      'kyc-error',
      'state:in-progress',
      'kyc-progress',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(events.names().filter((name) => name === 'state:loading')).toHaveLength(1); // never reloaded
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe('declined');
    expect(JSON.stringify(events)).not.toContain(FRESH_TOKEN);
  });

  it('a frame that reloads itself (a new document) introduces itself again and gets a new init', async () => {
    const { sessionToken } = demoInputs('sumsub');
    // The frame id raw, as the WebSDK writes it.
    const again = `?_=id_${btoa(sessionToken!)}&${new URLSearchParams({ script: 'ready,step:SELFIE,submitted' })}`;
    const { el, events } = await mountDemo('sumsub', {
      script: ['ready', 'step:IDENTITY', `navigate:${encodeURIComponent(again)}`],
    });
    await untilState(el, 'submitted');
    events.stop();
    expect(events.names()).toEqual([
      ...STARTED,
      'kyc-progress',
      'kyc-progress', // SELFIE, from the new document, after its own handshake
      'state:submitted',
      'kyc-submit',
    ]);
    expect(events.filter((e) => e.type === 'kyc-progress').map((e) => e.detail.step)).toEqual(['IDENTITY', 'SELFIE']);
  });

  it.each([
    ['status:completed', 'pending'],
    ['status:completed:RED:RETRY', 'declined'],
  ])('maps %s to outcome %s', async (step, outcome) => {
    const { el, events } = await mountDemo('sumsub', {
      script: ['ready', 'step:IDENTITY', 'submitted', 'status:onHold', step],
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe(outcome);
  });

  it.each([
    ['error:sandbox-failure', 'sandbox-failure'],
    ['upload-error:file-too-large', 'file-too-large'],
    ['upload-error', 'upload-error'],
  ])('%s → kyc-warning (providerCode %s), and the same frame goes on to the outcome', async (step, providerCode) => {
    const { el, events } = await mountDemo('sumsub', {
      script: ['ready', 'step:IDENTITY', step, 'submitted', 'status:completed:GREEN'],
    });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-warning',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(detailOf(events, 'kyc-warning')).toMatchObject({ provider: 'sumsub', code: 'provider-error', providerCode });
  });

  it('the first of a burst of endings tears the frame down: one kyc-complete, the rest give nothing', async () => {
    const { el, events, frame } = await mountDemo('sumsub', {
      script: ['ready', 'submitted', together('status:completed:GREEN', 'status:completed:RED')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete').map((e) => e.detail.outcome)).toEqual(['approved']);
  });

  it('ignores messages bound to another sessionId, and everything before the handshake', async () => {
    const { el, events, frame } = await mountDemo('sumsub', {
      script: [
        'step:EARLY',
        'submitted',
        'ready',
        'session:sbx_sdk_other',
        'step:IDENTITY',
        'submitted',
        'status:completed:GREEN',
        'session:',
        'step:SELFIE',
      ],
    });
    await untilState(el, 'in-progress');
    await scriptDone(frame);
    events.stop();
    expect(events.names()).toEqual([...STARTED, 'kyc-progress']);
    expect(detailOf(events, 'kyc-progress')?.step).toBe('SELFIE');
  });

  it('ignores Sumsub-shaped messages (with the right sessionId) forged by the host page, a second sandbox frame and a stranger', async () => {
    const sessionId = 'sbx_sdk_known_to_forgers';
    const { el, events } = await mountDemo('sumsub', { script: ['ready'], params: { 'sdk-session': sessionId } });
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      {
        method: 'idCheck.onApplicantStatusChanged',
        sessionId,
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
      },
      JSON.stringify({ method: 'idCheck.onApplicantSubmitted', sessionId }),
      { method: 'idCheck.onError', sessionId, code: 'invalid-token' },
      {
        method: 'idCheck.onReady',
        frameId: new URL(frameOf(el)!.src).searchParams.get('_'),
        sessionId: 'sbx_sdk_forger',
      },
    ]);
  });

  it('never posts the token hand-over to its frame once the frame is on another origin', async () => {
    const { el } = await expectSpyHearsNothing(
      'sumsub',
      ['ready', 'step:IDENTITY', 'error:invalid-token'],
      async (widget) => {
        await untilState(widget, 'error');
        widget.sessionToken = FRESH_TOKEN; // the widget posts idCheck.updateAccessToken, to the sandbox origin only
      },
    );
    expect(el.state).toBe('in-progress'); // it did hand the token over
  });
});

describe('sumsub: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('handshakes by itself, then sends Sumsub’s messages for each button', async () => {
    const { el, events } = await mountDemo('sumsub');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Identity document step', 'Selfie step', 'Submit', 'Approved (GREEN)');
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-progress',
      'kyc-progress',
      'kyc-submit',
      'kyc-complete',
    ]);
    expect(
      events.filter((e) => e.type === 'kyc-progress').map((e) => [e.detail.step, e.detail.index, e.detail.total]),
    ).toEqual([
      ['IDENTITY', undefined, undefined],
      ['IDENTITY', 1, 2],
      ['SELFIE', undefined, undefined],
      ['SELFIE', 2, 2],
    ]);
    expect(detailOf(events, 'kyc-complete')).toMatchObject({
      outcome: 'approved',
      sessionId: expect.stringMatching(/^sbx_applicant_/) as string,
    });
  });

  it('“Token expired” → session-expired; the page waits for idCheck.updateAccessToken, which a new sessionToken brings', async () => {
    const { el, events } = await mountDemo('sumsub');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Identity document step', 'Token expired (invalid-token)');
    await untilState(el, 'error');
    el.sessionToken = FRESH_TOKEN;
    await untilState(el, 'in-progress');
    // The page's buttons stay disabled until the new token reached it: this click waits for that.
    await clickInFrame(el, 'Selfie step');
    // The click posts two messages (the step, then its index): wait for the exact list, not for the first of them.
    await expect
      .poll(() => events.filter((e) => e.type === 'kyc-progress').map((e) => [e.detail.step, e.detail.index]))
      .toEqual([
        ['IDENTITY', undefined],
        ['IDENTITY', 1],
        ['SELFIE', undefined],
        ['SELFIE', 2],
      ]);
    expect(eventTypes(events)).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
      'kyc-progress',
      'kyc-error',
      'kyc-progress',
      'kyc-progress',
    ]);
  });
});
