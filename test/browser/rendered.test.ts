import { afterEach, describe, expect, it } from 'vitest';
import { forgetRuntime, loadRuntime, runtimeLoader, type Handover, type Runtime } from '../../src/element/handover';
import type { KycWidgetElement } from '../../src/index';
import { CAPTURE_SCRIPT, type CapturedFrame } from '../../src/frame/capture';
import { renderKycWidget } from '../../src/server/render';
import { HOLD_LIMIT } from '../../src/element/stand-in';
import { demoInputs, frameOf, record, SANDBOX, scriptDone, scripted, untilState, waitUntil, STARTED } from './helpers';

/**
 * renderKycWidget's markup in the DOM: parsed by Chromium's own HTML parser (`Document.parseHTMLUnsafe`, which
 * attaches declarative shadow roots and, in a document without a window, requests no frame and runs no script),
 * compared node for node with what the element builds by itself. The pages a real server renders and streams are
 * test/e2e/rendered.test.ts's.
 */

const realLoad = runtimeLoader.load;
const parse = (html: string): Document =>
  (Document as unknown as { parseHTMLUnsafe(html: string): Document }).parseHTMLUnsafe(html);

afterEach(async () => {
  runtimeLoader.load = realLoad;
  await loadRuntime().catch(() => undefined);
  document.querySelectorAll('kyc-widget, .rendered-host').forEach((el) => el.remove());
});

/**
 * A runtime that only records what the stand-in hands it, set as the runtime loader's answer: `handover` is the
 * stand-in's hand-over once the element's controller is made from it.
 */
function recordingRuntime(): { handover: Handover | undefined } {
  const recording: { handover: Handover | undefined } = { handover: undefined };
  const runtime = {
    WidgetController: class {
      constructor(_host: HTMLElement, _port: unknown, _shadow: ShadowRoot, given?: Handover) {
        recording.handover = given;
      }
      snapshot = { state: 'loading', attempt: 1 };
      lastError = null;
      adopt() {}
      connect() {}
      disconnect() {}
      inputChanged() {}
      start() {}
      retry() {}
      cancel() {}
    },
  } as unknown as Runtime;
  runtimeLoader.load = () => Promise.resolve(runtime);
  return recording;
}

interface Shape {
  tag: string;
  attributes: string[][];
  children: Shape[];
}

/** An element as data: its name, its attributes (sorted), its element children; the capture script left out. */
function shape(node: Element): Shape {
  return {
    tag: node.localName,
    attributes: [...node.attributes].map((a) => [a.name, a.value]).sort(),
    children: [...node.children].filter((child) => child.localName !== 'script').map(shape),
  };
}

describe('the rendered markup in the DOM', () => {
  it('its shadow root is, node for node and attribute for attribute, the skeleton and frame the element builds', async () => {
    forgetRuntime();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runtimeLoader.load = () => gate.then(realLoad); // the stand-in's DOM, before the runtime dresses it
    const src = scripted(['ready'], { session: 'rendered-equality' });
    const el = document.createElement('kyc-widget');
    el.provider = 'generic';
    el.sessionUrl = src;
    document.body.append(el);
    await Promise.resolve(); // the end of the task: the stand-in has built its frame
    expect(frameOf(el)?.src).toBe(src);
    const built = shape(el.shadowRoot!.firstElementChild!);

    const doc = parse(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const host = doc.querySelector('kyc-widget')!;
    expect(host.shadowRoot, 'a declarative shadow root').not.toBeNull();
    expect(host.children).toHaveLength(0); // the template became the root, nothing of it is left in the light DOM
    expect(host.shadowRoot!.children).toHaveLength(1);
    expect(shape(host.shadowRoot!.firstElementChild!)).toEqual(built);
    // Both have one iframe, in the frame box, with the same URL.
    expect(built.children[0].children[0].children.map((c) => c.tag)).toEqual(['iframe']);
    release();
    await untilState(el, 'ready');
  });

  it('hostile values stay attribute values: one root, one script (the capture), the values as given', () => {
    const hostile = `x"' onload="alert(1)" </template><script>alert(2)</script><template shadowrootmode="open">`;
    const url = `${location.origin.replace('localhost', '127.0.0.1')}/generic?q=${encodeURIComponent(hostile)}`;
    const doc = parse(
      renderKycWidget({
        provider: 'generic',
        sessionUrl: url,
        allowedOrigins: `${new URL(url).origin}`,
        options: { note: hostile },
        locale: hostile,
        pageOrigin: location.origin,
        nonce: hostile,
      }),
    );
    const hosts = doc.querySelectorAll('kyc-widget');
    expect(hosts).toHaveLength(1);
    const host = hosts[0];
    expect(host.getAttribute('locale')).toBe(hostile);
    expect(JSON.parse(host.getAttribute('options')!)).toEqual({ note: hostile });
    expect(host.getAttribute('session-url')).toBe(url);
    expect(doc.querySelectorAll('script, template')).toHaveLength(0); // nothing escaped into the light DOM
    const scripts = host.shadowRoot!.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].getAttribute('nonce')).toBe(hostile);
    expect(host.shadowRoot!.querySelector('iframe')!.getAttribute('src')).toBe(new URL(url).href);
    expect([...host.attributes].map((a) => a.name).sort()).toEqual(
      ['allowed-origins', 'data-kyc-capture', 'locale', 'options', 'provider', 'session-url'].sort(),
    );
  });

  it('a rendered frame whose capture script never ran (a CSP that refused it) is loaded again in place, and runs', async () => {
    const src = scripted(['ready'], { session: 'rendered-no-capture' });
    const container = document.createElement('div');
    container.className = 'rendered-host';
    // Fragment parsing attaches the declarative root but runs no script: the frame has no capture.
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const rendered = container.querySelector('kyc-widget')!.shadowRoot!.querySelector('iframe')!;
    document.body.append(container);
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    await untilState(el, 'ready');
    expect(frameOf(el)).toBe(rendered);
    expect(el.shadowRoot!.querySelectorAll('iframe')).toHaveLength(1);
    expect(el.shadowRoot!.querySelector('script')).toBeNull();
  });

  it('a frame built from a token alone (Persona) is adopted: the token is in its URL, never in an attribute', async () => {
    const token = 'tok_rendered_persona_1';
    const container = document.createElement('div');
    container.className = 'rendered-host';
    container.setHTMLUnsafe(
      renderKycWidget({
        provider: 'persona',
        sessionToken: token,
        options: { host: SANDBOX, inquiryId: 'inq_rendered1' },
        allowedOrigins: SANDBOX,
        pageOrigin: location.origin,
      }),
    );
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const rendered = el.shadowRoot!.querySelector('iframe')!;
    expect(rendered.src).toContain(`session-token=${token}`);
    document.body.append(container);
    await untilState(el, 'loading');
    await Promise.resolve();
    expect(el.lastError).toBeNull();
    expect(frameOf(el)).toBe(rendered);
    expect(el.sessionUrl).toBe(rendered.src); // the frame's URL stands for the session the server framed
    expect(el.getAttributeNames().some((name) => (el.getAttribute(name) ?? '').includes(token))).toBe(false);
  });

  it("the load timeout counts from the rendered frame's request (the capture's time), not from the adoption", async () => {
    forgetRuntime();
    const recording = recordingRuntime();
    const container = document.createElement('div');
    container.className = 'rendered-host';
    const src = scripted(['ready'], { session: 'rendered-timer' });
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const frame = el.shadowRoot!.querySelector('iframe')!;
    // What the capture script hangs on the iframe, with the time the page's parser requested it.
    const requested = performance.now() - 5000;
    Object.assign(frame, { kyc: { q: [], t: requested, off() {} } });
    document.body.append(container);
    // The runtime comes half a second after the frame's ready (AFTER_READY): the frame's load and ready first.
    await waitUntil(() => recording.handover !== undefined, 'no hand-over', { timeout: 5000 });
    expect(recording.handover!.requestedAt).toBe(requested);
    expect(recording.handover!.bridge!.iframe).toBe(frame);
    container.remove();
    forgetRuntime();
  });

  it('with the runtime already here, a rendered element is handed over in its first pass, not after its frame', async () => {
    forgetRuntime();
    const recording = recordingRuntime();
    await loadRuntime();
    const container = document.createElement('div');
    container.className = 'rendered-host';
    // A frame that never says ready: only the runtime being here can hand over early.
    const src = scripted([], { session: 'rendered-runtime-here' });
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    document.body.append(container);
    // The first pass runs at the end of this task (a microtask), and the hand-over once the bridge's chunk has been
    // imported (tens of ms): before the stand-in's longest hold (HOLD_LIMIT) is over, the one way a frame that never
    // says ready is handed over otherwise.
    await waitUntil(() => recording.handover, 'no hand-over', { timeout: HOLD_LIMIT - 500 });
    expect(recording.handover?.bridge?.iframe?.src).toBe(src);
    container.remove();
    forgetRuntime();
  });

  it('a ready the capture kept (said before the element upgraded) is kyc-ready before the runtime, after loading, once', async () => {
    forgetRuntime();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runtimeLoader.load = () => gate.then(realLoad);
    const container = document.createElement('div');
    container.className = 'rendered-host';
    const src = scripted(['ready'], { session: 'rendered-ready' });
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const frame = el.shadowRoot!.querySelector('iframe')!;
    // What the capture script would have kept: the frame's ready (from its own window, at its origin), and a forged
    // one from this page; the bridge drains them through its guard while the stand-in requests nothing.
    const said = (source: Window | null) =>
      new MessageEvent('message', { data: { kyc: 1, type: 'ready' }, origin: SANDBOX, source });
    Object.assign(frame, {
      kyc: {
        get q() {
          return [said(window), said(frame.contentWindow)];
        },
        t: performance.now(),
        off() {},
      },
    });
    const events = record(document);
    document.body.append(container);
    await untilState(el, 'ready');
    // In the order the runtime would say them: loading (the first pass), then ready (the frame's, drained in it).
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    release();
    await scriptDone(src); // the frame's own ready too, with the runtime here
    events.stop();
    // The frame says ready itself as well (its script): the runtime replays both, and says nothing again.
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    expect(el.state).toBe('ready');
  });

  it('a ready and a start the capture kept are kyc-ready and kyc-start before the runtime, after loading, in order, once', async () => {
    forgetRuntime();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runtimeLoader.load = () => gate.then(realLoad);
    const container = document.createElement('div');
    container.className = 'rendered-host';
    // The frame itself says its ready, start and a step too (its script), once the runtime is here to replay them.
    const src = scripted(['ready', 'start', 'progress:document'], { session: 'rendered-start' });
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const frame = el.shadowRoot!.querySelector('iframe')!;
    // What the capture script would have kept: a start forged by this page (at the frame's origin), then the frame's
    // ready and start (from its own window); the bridge drains them through its guard in the first pass.
    const said = (type: string, source: Window | null) =>
      new MessageEvent('message', { data: { kyc: 1, type }, origin: SANDBOX, source });
    Object.assign(frame, {
      kyc: {
        get q() {
          return [said('start', window), said('ready', frame.contentWindow), said('start', frame.contentWindow)];
        },
        t: performance.now(),
        off() {},
      },
    });
    const events = record(document);
    document.body.append(container);
    await untilState(el, 'in-progress');
    // In the order the runtime would say them: loading (the first pass), then ready and start (drained in it).
    expect(events.names()).toEqual(STARTED);
    release();
    await waitUntil(() => events.some((e) => e.type === 'kyc-progress'), 'the frame never went on', { timeout: 5000 });
    events.stop();
    // The runtime replays the captured messages and the frame's own: nothing said again.
    expect(events.names()).toEqual([...STARTED, 'kyc-progress']);
  });

  it('a load the capture kept is the kyc-ready of a frame whose first load is its ready (CAF), before the runtime, once', async () => {
    forgetRuntime();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runtimeLoader.load = () => gate.then(realLoad);
    const container = document.createElement('div');
    container.className = 'rendered-host';
    const { sessionUrl } = demoInputs('caf', { script: ['step:DOCUMENT_TYPE:1'], session: 'rendered-caf' });
    container.setHTMLUnsafe(
      renderKycWidget({ provider: 'caf', sessionUrl, allowedOrigins: SANDBOX, pageOrigin: location.origin }),
    );
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const frame = el.shadowRoot!.querySelector('iframe')!;
    // What the capture script would have kept: the frame's load, before the element upgraded.
    Object.assign(frame, {
      kyc: {
        get q() {
          return [new Event('load')];
        },
        t: performance.now(),
        off() {},
      },
    });
    const events = record(document);
    document.body.append(container);
    await untilState(el, 'ready');
    // Drained in the first pass: loading, then ready.
    expect(events.names()).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    release();
    // The frame's first step (its start, and the step's progress, which only the runtime says).
    await waitUntil(() => events.some((e) => e.type === 'kyc-progress'), 'the frame never went on', { timeout: 5000 });
    events.stop();
    // The runtime replays the captured load and the frame's own: ready once.
    expect(events.names()).toEqual([...STARTED, 'kyc-progress']);
  });

  it('once adopted, the capture leaves nothing behind: no script, no marker, nothing on the iframe, no listener', async () => {
    const src = scripted(['ready'], { session: 'rendered-leftovers' });
    const container = document.createElement('div');
    container.className = 'rendered-host';
    container.setHTMLUnsafe(renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin }));
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const frame = el.shadowRoot!.querySelector('iframe') as CapturedFrame;
    document.body.append(container);
    // The capture script, as the parser runs it: right after the frame, before the element's first pass.
    (new Function(CAPTURE_SCRIPT) as () => void)();
    const capture = frame.kyc!;
    expect(capture.q).toEqual([]);
    await untilState(el, 'ready'); // the frame's own ready, through the adopted frame
    expect(frameOf(el)).toBe(frame); // adopted, not loaded again
    expect('kyc' in frame).toBe(false);
    expect(el.hasAttribute('data-kyc-capture')).toBe(false);
    expect(el.shadowRoot!.querySelector('script')).toBeNull();
    // The capture's message listener is gone: what the page hears now is not kept.
    const heard = new Promise((resolve) => window.addEventListener('message', resolve, { once: true }));
    window.postMessage('after the adoption', '*');
    await heard;
    expect(capture.q).toEqual([]);
  });

  it("a refused render frames nothing and says the server's reason as config-invalid on upgrade", async () => {
    const container = document.createElement('div');
    container.className = 'rendered-host';
    container.setHTMLUnsafe(renderKycWidget({ provider: 'sumsub', sessionToken: 'abc', pageOrigin: location.origin }));
    const el = container.querySelector('kyc-widget') as KycWidgetElement;
    const errors: Array<{ code: string; message: string }> = [];
    el.addEventListener('kyc-error', (e) => errors.push((e as CustomEvent<{ code: string; message: string }>).detail));
    document.body.append(container);
    await waitUntil(() => errors.length > 0, 'no kyc-error');
    expect(errors[0].code).toBe('config-invalid');
    expect(errors[0].message).toMatch(/sumsub's token is handed over in the browser .*never written into the page/);
    expect(el.shadowRoot!.querySelector('iframe')).toBeNull();
    expect(el.hasAttribute('data-kyc-problem')).toBe(false);
  });
});
