import '@jumio/websdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { detailOf, fixtureCleanup, record, untilState, waitUntil, widget } from './helpers';
import { PENDING_FLOW } from './sdk-helpers';

/**
 * Jumio's own web component (`@jumio/websdk@0.3.19`, a devDependency: its published code as the reference, never
 * bundled or served by the widget), imported by this page as a host imports it, run inside the widget against the
 * sandbox's stand-in for its API (sandbox/jumio-api.mjs). Chromium resolves Jumio's API hosts to the
 * stand-in (test/support/jumio-api.ts): the package, unmodified, calls `https://web-sdk.<region>.jumio.ai` for the `dc`
 * the widget gives it. What the stand-in answers `/status` scripts the ending: Jumio's element turns it into its
 * `workflow:*` event, and the widget into its own.
 */

/**
 * Jumio's element logs each screen change and sends its log from a timer (`setTimeout(…, 0)`, its `LoggerFacade`);
 * removed before that timer runs, its `disconnectedCallback` has already unbound the services the timer's code asks
 * for, which rejects, unhandled: `No bindings found for service: "Symbol(TransportController)"`. Jumio's own, in any
 * page that removes the element just after a screen changed (the widget removes it after every end). That one is
 * expected here; any other unhandled rejection fails the file.
 */
const JUMIO_TEARDOWN = 'No bindings found for service: "Symbol(TransportController)"';
const rejections: string[] = [];
const onRejection = (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  rejections.push(reason instanceof Error ? reason.message : String(reason));
};
beforeAll(() => window.addEventListener('unhandledrejection', onRejection));
afterEach(() => fixtureCleanup());
afterAll(async () => {
  // The last test's element went in its last task: its timer has run by the next one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  window.removeEventListener('unhandledrejection', onRejection);
  expect(rejections.filter((message) => !message.startsWith(JUMIO_TEARDOWN))).toEqual([]);
});

/** The stand-in's test hooks, on Jumio's API origin (any of the three hosts reaches the same stand-in). */
const HOOKS = 'https://web-sdk.amer-1.jumio.ai/sandbox';

interface Asked {
  host: string;
  method: string;
  path: string;
  sdkPlatform?: string;
  websdkVersion?: string;
  logged?: string[];
}

/** A Jumio-shaped token whose `/status` answers are `status`, in turn. */
async function jumioToken(...status: string[]): Promise<{ token: string; wfeId: string }> {
  const response = await fetch(`${HOOKS}/token?status=${status.join(',')}`);
  return (await response.json()) as { token: string; wfeId: string };
}

async function asked(wfeId: string): Promise<Asked[]> {
  const response = await fetch(`${HOOKS}/requests?wfe=${encodeURIComponent(wfeId)}`);
  return (await response.json()) as Asked[];
}

async function mountJumio(token: string, dc = 'us', options: Record<string, unknown> = {}) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  el.provider = 'jumio';
  el.options = { sdk: true, dc, ...options };
  el.sessionToken = token;
  return { el, events };
}

function jumioElement(el: KycWidgetElement) {
  return el.shadowRoot!.querySelector('[part~="sdk"] jumio-sdk') as (HTMLElement & Record<string, unknown>) | null;
}

describe("Jumio's own <jumio-sdk> in the widget, against the sandbox's API", () => {
  it('mounts in the widget’s box, calls the API of its dc, shows its start screen: kyc-ready, kyc-start', async () => {
    const seen: string[] = [];
    const heard = (event: Event) => seen.push(event.type);
    document.addEventListener('workflow:start', heard);
    try {
      const { token, wfeId } = await jumioToken('NOT_STARTED');
      const { el, events } = await mountJumio(token, 'eu');
      await untilState(el, 'in-progress', 10000);
      expect(events.names()).toEqual(PENDING_FLOW.slice(0, 5));
      const element = jumioElement(el)!;
      // Jumio's element, not a stand-in: it read its ids out of the token and the settings.
      expect(element.workflowExecutionId).toBe(wfeId);
      expect(element.workflowId).toBe('10011');
      expect(element.shadowRoot!.querySelector('[data-qa-id="step-start"]')).not.toBeNull();
      // Jumio's SDK logs the start screen it showed in an event request of its own, sent after the screen: wait for
      // it (under load it came after the state), then look at every request so far.
      await expect
        .poll(async () => (await asked(wfeId)).flatMap((r) => r.logged ?? []), { timeout: 5000 })
        .toContain('screen:start:start-screen-start');
      const requests = await asked(wfeId);
      // dc "eu" → Jumio's EMEA API, and only there; the status first, then the settings.
      expect(new Set(requests.map((r) => r.host))).toEqual(new Set(['web-sdk.emea-1.jumio.ai']));
      const calls = requests.filter((r) => !r.path.endsWith('event')).map((r) => `${r.method} ${r.path}`);
      expect(calls.slice(0, 2)).toEqual(['GET /status', 'POST /settings']);
      expect(requests[0].sdkPlatform).toBe('WEB');
      expect(requests[0].websdkVersion).toMatch(/^0\.3\.19-/);
      const logged = requests.flatMap((r) => r.logged ?? []);
      expect(logged).toContain('screen:start:start-screen-start');
      expect(logged).not.toContain('arbitrary:wrong settings');
      // Its events stop at the widget.
      expect(seen).toEqual([]);
      el.cancel();
      await untilState(el, 'cancelled');
      await waitUntil(() => jumioElement(el) === null, 'the element stayed');
    } finally {
      document.removeEventListener('workflow:start', heard);
    }
  });

  it('reflects the token as an attribute of <jumio-sdk> (in the widget’s shadow root), whatever the widget does', async () => {
    const { token, wfeId } = await jumioToken('NOT_STARTED');
    const { el } = await mountJumio(token, 'sgp');
    await untilState(el, 'in-progress', 10000);
    const element = jumioElement(el)!;
    expect(element.getAttribute('token')).toBe(token);
    expect(element.getAttribute('dc')).toBe('sgp');
    expect(new Set((await asked(wfeId)).map((r) => r.host))).toEqual(new Set(['web-sdk.apac-1.jumio.ai']));
  });

  it('status SUCCESS after its start screen → workflow:success → kyc-submit, kyc-complete pending', async () => {
    const { token } = await jumioToken('NOT_STARTED', 'SUCCESS');
    const { el, events } = await mountJumio(token);
    await untilState(el, 'in-progress', 10000);
    // Jumio asks for the status again 7 s after it started.
    await untilState(el, 'complete', 15000);
    events.stop();
    expect(events.names()).toEqual(PENDING_FLOW);
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'jumio', outcome: 'pending' });
    await waitUntil(() => jumioElement(el) === null, 'the element stayed');
  }, 40000);

  it('status FAILED → workflow:failed → kyc-error provider-error, recoverable', async () => {
    const { token } = await jumioToken('FAILED');
    const { el, events } = await mountJumio(token);
    await untilState(el, 'error', 10000);
    expect(detailOf(events, 'kyc-error')).toMatchObject({
      provider: 'jumio',
      code: 'provider-error',
      recoverable: true,
    });
    expect(events.names().filter((name) => name === 'kyc-error')).toHaveLength(1);
  });

  it('status RETRY → workflow:retry → kyc-progress retry', async () => {
    const { token } = await jumioToken('NOT_STARTED', 'RETRY');
    const { el, events } = await mountJumio(token);
    await untilState(el, 'in-progress', 10000);
    await expect.poll(() => events.names(), { timeout: 15000 }).toContain('kyc-progress');
    expect(detailOf(events, 'kyc-progress')).toEqual({ provider: 'jumio', step: 'retry' });
    expect(events.names().filter((name) => name.startsWith('kyc-'))).toEqual([
      'kyc-ready',
      'kyc-start',
      'kyc-progress',
    ]);
  }, 40000);

  it("an options.locale Jumio does not know gives way to the widget's language (else its element never starts)", async () => {
    const { token, wfeId } = await jumioToken('NOT_STARTED');
    const { el } = await mountJumio(token, 'us', { locale: 'xx' });
    await untilState(el, 'in-progress', 10000);
    expect(jumioElement(el)!.locale).toBe('en');
    expect((await asked(wfeId)).map((r) => `${r.method} ${r.path}`)).toContain('POST /settings');
  });
});
