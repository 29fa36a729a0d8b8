import { createVeriffFrame } from '@veriff/incontext-sdk';
import snsWebSdk from '@sumsub/websdk';
import { DiditSdk } from '@didit-protocol/sdk-web';
import { Client as PersonaClient } from 'persona';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_TOKENS } from '../../examples/sandbox/catalog.mjs';
import { SANDBOX } from './helpers';

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
    const errors: unknown[] = [];
    const sdk = snsWebSdk
      .init(SANDBOX_TOKENS.sumsub, () => Promise.resolve(SANDBOX_TOKENS.sumsub))
      .withBaseUrl(SANDBOX)
      .withConf({ lang: 'en' })
      .withOptions({ addViewportTag: false, adaptIframeHeight: true })
      .on('idCheck.onError', (error: unknown) => errors.push(error))
      .onMessage((type: string) => events.push(type))
      .build();
    // The page's script comes from the frame URL: the SDK builds it, so the script rides on the session's sandbox default.
    sdk.launch('#sumsub-websdk-container');
    await expect.poll(() => events, { timeout: 8000 }).toContain('idCheck.onInitialized');
    expect(errors).toEqual([]);
    seen.push(
      `sumsub ${events
        .filter((e) => e.startsWith('idCheck.on'))
        .slice(0, 4)
        .join(',')}`,
    );
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
