import { createVeriffFrame } from '@veriff/incontext-sdk';
import snsWebSdk from '@sumsub/websdk';
import { DiditSdk } from '@didit-protocol/sdk-web';
import { Client as PersonaClient, setupEvents, setupIframe } from 'persona';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SANDBOX_TOKENS } from '../../sandbox/catalog.mjs';
import { fitViewport, SANDBOX } from './helpers';

/**
 * The providers' own published host SDKs (devDependencies, bundled by Vite as a host's bundler would)
 * against the sandbox's frame pages: each completes its handshake and reports the page's events. So the
 * sandbox speaks the real protocols, and the widget's tests against it mean something.
 */

const seen: string[] = [];
afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  document.body.querySelectorAll(':scope > div').forEach((div) => div.remove());
});
afterAll(() => console.log(`conformance: ${seen.join('; ')}`));

describe("the providers' own SDKs drive the sandbox frames", () => {
  it('@veriff/incontext-sdk 2.5: handshake, render, started, submitted, finished', async () => {
    const events: string[] = [];
    const frame = createVeriffFrame({
      url: `${SANDBOX}/veriff/v/sbx_conformance?script=started,submitted,finished`,
      embedded: false,
      onEvent: (message: string) => events.push(message),
      onReload: () => events.push('RELOAD'),
    });
    await expect.poll(() => events, { timeout: 8000 }).toEqual(['STARTED', 'SUBMITTED', 'FINISHED']);
    frame.close();
    seen.push(`veriff ${events.join(',')}`);
  });

  it("@sumsub/websdk 2.9: onReady → init (the sandbox checks it is the WebSDK's) → initialized → applicant status", async () => {
    const container = document.createElement('div');
    container.id = 'sumsub-websdk-container';
    document.body.append(container);
    const events: string[] = [];
    const statuses: unknown[] = [];
    const errors: unknown[] = [];
    const sdk = snsWebSdk
      .init(SANDBOX_TOKENS.sumsub, () => Promise.resolve(SANDBOX_TOKENS.sumsub))
      .withBaseUrl(SANDBOX)
      .withConf({ lang: 'en' })
      .withOptions({ addViewportTag: false, adaptIframeHeight: true })
      .on('idCheck.onError', (error: unknown) => errors.push(error))
      .on('idCheck.onApplicantStatusChanged', (payload: unknown) => statuses.push(payload))
      .onMessage((type: string) => events.push(type))
      .build();
    // The SDK builds the frame URL, so no script rides on it: the page is interactive, and this test clicks
    // through it as a person would, up to a review answer the SDK must hand to its host.
    sdk.launch('#sumsub-websdk-container');
    await expect.poll(() => events, { timeout: 8000 }).toContain('idCheck.onInitialized');
    await fitViewport();
    try {
      const frame = page.frameLocator(page.elementLocator(container.querySelector('iframe')!));
      for (const name of ['Identity document step', 'Submit', 'Approved (GREEN)'])
        await frame.getByRole('button', { name, exact: true }).click();
      await expect.poll(() => statuses.length, { timeout: 8000 }).toBe(1);
    } finally {
      await fitViewport(false);
    }
    // The SDK hands the status to its `on('idCheck.onApplicantStatusChanged')` handler (not to onMessage).
    expect(statuses[0]).toMatchObject({ reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    expect(events).toEqual(
      expect.arrayContaining(['idCheck.onReady', 'idCheck.onInitialized', 'idCheck.onApplicantSubmitted']),
    );
    expect(errors).toEqual([]);
    seen.push(`sumsub ${events.filter((e) => e.startsWith('idCheck.on')).join(',')}`);
    sdk.destroy?.();
  });

  it('@didit-protocol/sdk-web 0.4: ready, started, completed', async () => {
    const results: Array<{ type: string }> = [];
    const events: string[] = [];
    const sdk = DiditSdk.shared;
    sdk.onComplete = (result: { type: string }) => results.push(result);
    sdk.onEvent = (event: { type: string }) => events.push(event.type);
    await sdk.startVerification({
      url: `${SANDBOX}/didit/session/${SANDBOX_TOKENS.didit}?script=ready,started,submitted,completed:Approved`,
      configuration: { closeModalOnComplete: true },
    });
    await expect.poll(() => results.map((r) => r.type), { timeout: 8000 }).toEqual(['completed']);
    expect(events).toEqual(expect.arrayContaining(['didit:ready', 'didit:completed']));
    seen.push(`didit ${events.join(',')}`);
    DiditSdk.reset();
  });

  /** Persona's SDK takes a custom host only as "localhost:<port>" over http (any other is https): the sandbox's port. */
  const personaHost = () => `localhost:${new URL(SANDBOX).port}`;
  const personaInquiry = { templateId: 'itmpl_sbxConformance01', environmentId: 'env_sbxConformance01' };

  /**
   * Clicks "Complete: approved" in Persona's sandbox page (its buttons wait for the page's flow-type check) and
   * waits for the SDK's completion. The click is not awaited: the modal Client may take its frame down on
   * completion while the click is still being acknowledged.
   */
  async function finishPersona(iframe: HTMLIFrameElement, completed: () => number): Promise<void> {
    await fitViewport();
    try {
      const frame = page.frameLocator(page.elementLocator(iframe));
      void frame
        .getByRole('button', { name: 'Complete: approved', exact: true })
        .click()
        .catch(() => undefined);
      await expect.poll(completed, { timeout: 8000 }).toBe(1);
    } finally {
      await fitViewport(false);
    }
  }

  it('persona 5.9 inline (setupIframe + setupEvents, flow-type inline, never opened): load, ready, complete with the inquiry id and status', async () => {
    // persona 5.9's Client is its modal only; its inline integration (what persona-react's inline inquiry
    // does) is setupIframe(iframe, containerId, 'inline', options) in the host's own container, with
    // setupEvents(containerId, callbacks) for the frame's messages. The widget's default mode="inline" is this flow.
    const containerId = 'persona-widget-conformance-inline';
    const events: string[] = [];
    const errors: unknown[] = [];
    const completions: Array<{ inquiryId: string; status: string }> = [];
    const unsubscribe = setupEvents(containerId, {
      onLoad: () => events.push('load'),
      onReady: () => events.push('ready'),
      onComplete: ({ inquiryId, status }) => {
        events.push('complete');
        completions.push({ inquiryId, status });
      },
      onEvent: null,
      onCancel: () => events.push('cancel'),
      onError: (error: unknown) => errors.push(error),
      templateId: personaInquiry.templateId,
      templateVersionId: null,
      host: personaHost(),
      eventsAllowlist: null,
    });
    const container = document.createElement('div');
    document.body.append(container);
    const iframe = setupIframe(document.createElement('iframe'), containerId, 'inline', {
      ...personaInquiry,
      host: personaHost(),
      frameAncestors: [location.origin],
      frameHeight: '600px',
    });
    container.append(iframe);
    try {
      const url = new URL(iframe.src);
      expect(url.pathname).toBe('/widget');
      expect(url.searchParams.get('flow-type')).toBe('inline');
      expect(url.searchParams.get('container-id')).toBe(containerId);
      await expect.poll(() => events, { timeout: 8000 }).toEqual(['load', 'ready']);
      await finishPersona(iframe, () => completions.length);
    } finally {
      unsubscribe();
    }
    // The sandbox page names the inquiry it created; the SDK hands over that id and the page's status.
    expect(completions[0]).toEqual({ inquiryId: expect.stringMatching(/^inq_sbx/) as string, status: 'approved' });
    expect(events).toEqual(['load', 'ready', 'complete']);
    // The page's flow-type check (no open for inline) ran before its buttons were enabled, so a complaint
    // would have arrived before the completion.
    expect(errors).toEqual([]);
    seen.push(`persona inline ${events.join(',')} ${completions[0].status}`);
  });

  it('persona 5.9 modal (its Client, flow-type embedded, opened on ready): load, ready, open accepted, complete', async () => {
    const events: string[] = [];
    const errors: unknown[] = [];
    const completions: Array<{ inquiryId: string; status: string }> = [];
    const client = new PersonaClient({
      ...personaInquiry,
      host: personaHost(),
      onLoad: () => events.push('load'),
      onReady: () => {
        events.push('ready');
        client.open();
      },
      onComplete: ({ inquiryId, status }) => {
        events.push('complete');
        completions.push({ inquiryId, status });
      },
      onError: (error: unknown) => errors.push(error),
    });
    try {
      await expect.poll(() => events, { timeout: 8000 }).toEqual(['load', 'ready']);
      const iframe = document.querySelector<HTMLIFrameElement>('iframe.persona-widget__iframe')!;
      expect(new URL(iframe.src).searchParams.get('flow-type')).toBe('embedded');
      await finishPersona(iframe, () => completions.length);
    } finally {
      client.destroy();
    }
    expect(completions[0]).toEqual({ inquiryId: expect.stringMatching(/^inq_sbx/) as string, status: 'approved' });
    expect(events).toEqual(['load', 'ready', 'complete']);
    // Embedded must be opened: without the Client's open the page reports flow-type-mismatch before enabling its buttons.
    expect(errors).toEqual([]);
    seen.push(`persona modal ${events.join(',')}, open accepted`);
  });
});

/**
 * The sandbox checks what the host sends (Sumsub's init, Veriff's render, Persona's open). A check that never
 * fails proves nothing: a hand-written host that sends what the real SDK would not must be refused, beside a
 * control with the SDK's message that is accepted.
 */
describe("the sandbox's own checks refuse a host that is not the SDK", () => {
  /** Frames Sumsub's sandbox page as the WebSDK would, answers its onReady with `init`, returns what the page says. */
  async function sumsubAnswers(init: (frameId: string) => Record<string, unknown>): Promise<string[]> {
    const token = SANDBOX_TOKENS.sumsub;
    const frameId = `id_${btoa(token)}`;
    const iframe = document.createElement('iframe');
    iframe.src = `${SANDBOX}/sumsub/websdk/websdk.html?_=${frameId}`;
    const said: string[] = [];
    const done = new Promise<void>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow) return;
        const data = event.data as { method?: string; code?: string } | null;
        if (!data?.method) return;
        said.push(data.code ? `${data.method}:${data.code}` : data.method);
        if (data.method === 'idCheck.onReady') iframe.contentWindow!.postMessage(init(frameId), SANDBOX);
        if (data.method === 'idCheck.onInitialized' || data.method === 'idCheck.onError') {
          window.removeEventListener('message', listener);
          resolve();
        }
      };
      window.addEventListener('message', listener);
    });
    document.body.append(iframe);
    await done;
    return said;
  }

  const good = (frameId: string) => ({
    method: 'idCheck.init',
    frameId,
    accessToken: SANDBOX_TOKENS.sumsub,
    packageVersion: '2.9.0',
    origin: location.origin,
    lang: 'en',
    options: { adaptIframeHeight: true, enableScrollIntoView: true },
  });

  it('Sumsub: the init the WebSDK sends is accepted (the control)', async () => {
    expect(await sumsubAnswers(good)).toEqual(['idCheck.onReady', 'idCheck.onInitialized']);
  });

  it.each([
    ['without packageVersion', { packageVersion: undefined }, 'init-malformed'],
    ['from another origin', { origin: 'https://evil.example' }, 'init-malformed'],
    ['without options', { options: undefined }, 'init-malformed'],
    ['with another access token', { accessToken: 'sbx_tok_someone_else' }, 'init-rejected'],
  ])('Sumsub: an init %s is refused', async (_, patch, code) => {
    const said = await sumsubAnswers((frameId) => ({ ...good(frameId), ...patch }));
    expect(said).toEqual(['idCheck.onReady', `idCheck.onError:${code}`]);
  });

  /**
   * Frames Veriff's sandbox page (scripted: started), answers its VERIFF_HANDSHAKE with `render`, and returns
   * what the page posts up to VERIFF_STARTED (accepted) or the sandbox's render-refused report.
   */
  async function veriffAnswers(render: Record<string, unknown>): Promise<string[]> {
    const iframe = document.createElement('iframe');
    iframe.src = `${SANDBOX}/veriff/v/sbx_conformance_render?script=started`;
    const said: string[] = [];
    const done = new Promise<void>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow) return;
        const data = event.data as unknown;
        const refused = typeof data === 'object' && data !== null && 'sandboxError' in data;
        said.push(refused ? `sandboxError:${String(data.sandboxError)}` : String(data));
        if (data === 'VERIFF_HANDSHAKE')
          iframe.contentWindow!.postMessage({ name: 'VERIFF_RENDER', payload: render }, SANDBOX);
        if (data === 'VERIFF_STARTED' || refused) {
          window.removeEventListener('message', listener);
          resolve();
        }
      };
      window.addEventListener('message', listener);
    });
    document.body.append(iframe);
    await done;
    return said;
  }

  // What @veriff/incontext-sdk 2.5 posts (dist/index.umd.js): embedded = embeddedConfigured && !isVeriffIframeMobile.
  const sdkRender = {
    version: '2.5.0',
    isReloadHandled: true,
    isVeriffIframeMobile: false,
    embeddedConfigured: true,
    embedded: true,
  };

  it('Veriff: the render the SDK sends is accepted (the control)', async () => {
    expect(await veriffAnswers(sdkRender)).toEqual(['VERIFF_HANDSHAKE', 'VERIFF_STARTED']);
  });

  it.each([
    ['embedded on a phone', { isVeriffIframeMobile: true }],
    ['embedded though not configured', { embeddedConfigured: false }],
    ['without isReloadHandled', { isReloadHandled: false }],
    ['without a version', { version: undefined }],
  ])('Veriff: a render %s is refused', async (_, patch) => {
    expect(await veriffAnswers({ ...sdkRender, ...patch })).toEqual([
      'VERIFF_HANDSHAKE',
      'sandboxError:render-refused',
    ]);
  });

  /**
   * Frames Persona's sandbox page (scripted: load, ready, check-flow, complete) with `flowType`, posts
   * `{action: "open"}` on ready when `open`, and returns the names the page posts up to its complete.
   */
  async function personaAnswers(flowType: 'inline' | 'embedded', open: boolean): Promise<string[]> {
    const containerId = `conformance-${flowType}-${open}`;
    const iframe = document.createElement('iframe');
    const query = new URLSearchParams({
      'container-id': containerId,
      'iframe-origin': location.origin,
      'flow-type': flowType,
      script: 'load,ready,check-flow,complete',
    });
    iframe.src = `${SANDBOX}/persona/widget?${query}`;
    const said: string[] = [];
    const done = new Promise<void>((resolve) => {
      const listener = (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow) return;
        const data = event.data as { name?: string; error?: { code?: string } } | null;
        if (!data?.name) return;
        said.push(data.error?.code ? `${data.name}:${data.error.code}` : data.name);
        if (data.name === 'ready' && open) iframe.contentWindow!.postMessage({ action: 'open', metadata: {} }, SANDBOX);
        if (data.name === 'complete') {
          window.removeEventListener('message', listener);
          resolve();
        }
      };
      window.addEventListener('message', listener);
    });
    document.body.append(iframe);
    await done;
    return said;
  }

  it('Persona: inline never opened, and embedded opened on ready, are accepted (the controls)', async () => {
    expect(await personaAnswers('inline', false)).toEqual(['load', 'ready', 'complete']);
    expect(await personaAnswers('embedded', true)).toEqual(['load', 'ready', 'complete']);
  });

  it.each([
    ['an inline flow that the host opens', 'inline', true],
    ['an embedded flow that the host never opens', 'embedded', false],
  ] as const)('Persona: %s is refused', async (_, flowType, open) => {
    expect(await personaAnswers(flowType, open)).toEqual(['load', 'ready', 'error:flow-type-mismatch', 'complete']);
  });
});
