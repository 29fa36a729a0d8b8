import { createVeriffFrame } from '@veriff/incontext-sdk';
import snsWebSdk from '@sumsub/websdk';
import { DiditSdk } from '@didit-protocol/sdk-web';
import { Client as PersonaClient } from 'persona';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SANDBOX_TOKENS } from '../../examples/sandbox/catalog.mjs';
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

  it('persona 5.9 (its modal Client): load, ready through its origin and container checks, open answered without a flow-type complaint', async () => {
    const events: string[] = [];
    const errors: unknown[] = [];
    const ready = new Promise<void>((resolve) => {
      const client = new PersonaClient({
        templateId: 'itmpl_sbxConformance01',
        environmentId: 'env_sbxConformance01',
        // Persona's SDK takes a custom host only as "localhost:<port>" over http (any other is https): the sandbox's port.
        host: `localhost:${new URL(SANDBOX).port}`,
        onLoad: () => events.push('load'),
        onReady: () => {
          events.push('ready');
          client.open();
          resolve();
        },
        onError: (error: unknown) => errors.push(error),
      });
    });
    await ready;
    // The sandbox reports a flow-type/open mismatch as an error within a second of ready.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events).toEqual(['load', 'ready']);
    expect(errors).toEqual([]);
    seen.push(`persona ${events.join(',')}, open accepted`);
  });
});

/**
 * The sandbox checks what the host sends (Sumsub's init). A check that never fails proves nothing: a host that
 * sends a wrong init must be refused, the way the real frame would not start.
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
});
