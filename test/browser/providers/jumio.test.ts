import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../../../sandbox/catalog.mjs';
import {
  burstDelivered,
  clickInFrame,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fitViewport,
  fixtureCleanup,
  frameOf,
  mountDemo,
  removeForgers,
  together,
  uniqueSession,
  untilState,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

const TOKEN = SANDBOX_TOKENS.jumio;

describe('jumio: the sandbox /jumio/web/<workflow> client, in real Chromium', () => {
  it('runs a verification: loaded → success (submit, then pending), with the workflow id and never the token', async () => {
    const workflow = uniqueSession('sbx_workflow');
    const { el, events, inputs } = await mountDemo('jumio', { session: workflow, script: 'loaded,success' });
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
    expect(detailOf(events, 'kyc-ready')).toEqual({ provider: 'jumio', sessionId: workflow });
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'jumio', sessionId: workflow, outcome: 'pending' });
    expect(inputs.sessionUrl).toContain(TOKEN); // Jumio's link carries it…
    expect(JSON.stringify(events)).not.toContain(TOKEN); // …its messages too, but no event does
    expect(JSON.stringify(el.lastError)).not.toContain(TOKEN);
  });

  it('loads the link exactly as issued, with fullscreen in its allow list (no allowfullscreen beside it: Chromium warns)', async () => {
    const { el, inputs } = await mountDemo('jumio', { script: 'loaded' });
    await untilState(el, 'ready');
    const frame = frameOf(el)!;
    expect(frame.src).toBe(inputs.sessionUrl);
    expect(frame.allow).toContain('fullscreen');
    expect(frame.hasAttribute('allowfullscreen')).toBe(false);
  });

  it('understands the legacy transactionReference form and an object instead of a JSON string', async () => {
    const { el, events } = await mountDemo('jumio', {
      script: 'encoding:object,legacy,workflow:sbx_txn_0042,loaded,success',
    });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')).toEqual({
      provider: 'jumio',
      sessionId: 'sbx_txn_0042',
      outcome: 'pending',
    });
  });

  it.each([
    ['9200', 'session-expired', false],
    ['9210', 'session-expired', false],
    ['9836', 'provider-error', false],
    ['9900', 'provider-error', false],
  ])('error %s (not retriable) → kyc-error %s (recoverable %s)', async (code, expected, recoverable) => {
    const { el, events } = await mountDemo('jumio', { script: `loaded,error:${code}` });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'jumio',
      code: expected,
      providerCode: code,
      recoverable,
    });
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it.each([
    ['9822', 'camera-unavailable', 'H050000'],
    ['9301', 'provider-error', 'A050000'],
    ['9100', 'provider-error', 'A050000'],
  ])(
    'retriable error %s → kyc-warning %s, and the same frame goes on to the outcome',
    async (code, expected, publicCode) => {
      const { el, events } = await mountDemo('jumio', { script: `loaded,error:${code},wait:100,success` });
      const frame = frameOf(el);
      await untilState(el, 'complete');
      expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-warning', 'kyc-submit', 'kyc-complete']);
      expect(detailOf(events, 'kyc-warning')).toMatchObject({
        provider: 'jumio',
        code: expected,
        providerCode: publicCode,
      });
      expect(frame).not.toBeNull();
    },
  );

  it("a person's cancel (9801, G…) → kyc-cancel", async () => {
    const { el, events } = await mountDemo('jumio', { script: 'loaded,cancel' });
    await untilState(el, 'cancelled');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-cancel']);
  });

  it('after a session error, retry() loads a fresh frame and the flow can finish', async () => {
    const { el, events } = await mountDemo('jumio', {
      session: uniqueSession('sbx_workflow'),
      script: 'loaded,once:error:9100:false,success',
    });
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'provider-error', recoverable: true });
    el.retry();
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-error', 'kyc-ready', 'kyc-submit', 'kyc-complete']);
  });

  it('the first of a burst of endings tears the frame down: one kyc-submit, one kyc-complete', async () => {
    const { el, events, frame } = await mountDemo('jumio', {
      script: ['loaded', together('success', 'success', 'error:9100')],
    });
    await untilState(el, 'complete');
    await burstDelivered(frame); // every ending reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    expect(events.filter((e) => e.type === 'kyc-complete')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'kyc-submit')).toHaveLength(1);
    expect(el.state).toBe('complete');
  });

  it('never publishes the authorizationToken, even when the frame puts it where an id or a code goes', async () => {
    const { el, events } = await mountDemo('jumio', { script: `workflow:${TOKEN},loaded,error:${TOKEN}` });
    await untilState(el, 'error');
    events.stop();
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready', 'state:error', 'kyc-error']);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(JSON.stringify(el.lastError)).not.toContain(TOKEN);
    expect(el.sessionId ?? '').not.toContain(TOKEN);
  });

  it('ignores messages about another workflow once one is bound', async () => {
    const { el, events } = await mountDemo('jumio', {
      session: 'sbx_workflow_mine',
      script: 'loaded,workflow:sbx_workflow_other,success,error:9100:false,workflow:sbx_workflow_mine,error:9900',
    });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')?.providerCode).toBe('9900');
    expect(events.some((e) => e.type === 'kyc-complete')).toBe(false);
  });

  it('ignores Jumio-shaped messages forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('jumio', { session: 'sbx_workflow_0001', script: 'loaded' });
    await untilState(el, 'ready');
    const forged = (value: string, code?: number) =>
      JSON.stringify({
        authorizationToken: 'forged',
        workflowExecutionId: 'sbx_workflow_0001',
        eventType: 510,
        dateTime: new Date().toISOString(),
        payload: code ? { value, metainfo: { code } } : { value },
      });
    await expectForgeriesIgnored(el, events, [forged('success'), forged('error', 9822)]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin (Jumio has no host → frame messages)', async () => {
    const { el } = await expectSpyHearsNothing('jumio', ['loaded']);
    expect(el.state).toBe('ready');
  });
});

describe('jumio: the interactive page (the demo’s click-through)', () => {
  beforeAll(() => fitViewport());
  afterAll(() => fitViewport(false));

  it('says loaded by itself; “Upload finished” submits and completes (pending)', async () => {
    const { el, events } = await mountDemo('jumio');
    await untilState(el, 'ready');
    await clickInFrame(el, 'Upload finished (success)');
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-submit', 'kyc-complete']);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it('“No camera, retriable (9822)” → a kyc-warning; the flow stays in the frame', async () => {
    const { el, events } = await mountDemo('jumio');
    await untilState(el, 'ready');
    await clickInFrame(el, 'No camera, retriable (9822)');
    await expect.poll(() => eventTypes(events)).toContain('kyc-warning');
    expect(detailOf(events, 'kyc-warning')).toMatchObject({ code: 'camera-unavailable', providerCode: 'H050000' });
    expect(el.state).toBe('ready');
    expect(frameOf(el)).not.toBeNull();
  });
});
