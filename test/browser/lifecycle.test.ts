import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import {
  attr,
  burstDelivered,
  fixtureCleanup,
  frameOf,
  frameSrc,
  record,
  SANDBOX,
  scripted,
  scriptDone,
  settle,
  sleep,
  untilState,
  together,
  widget,
} from './helpers';

afterEach(() => fixtureCleanup());

describe('the sandbox scripts the tests rely on', () => {
  it('an unknown step inside together: fails the script before anything of the burst is posted, and the test with it', async () => {
    const burst = together('complete:approved', 'complte:declined');
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', burst]))}"></kyc-widget>`);
    const frame = await frameSrc(el);
    await expect(burstDelivered(frame)).rejects.toThrow('unknown script step "together:complte:declined"');
    await settle();
    expect(el.state).toBe('ready'); // the burst's good first step was not posted either
  });

  it('an unknown step at the top fails the script (scriptDone rejects)', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'sumbit', 'complete']))}"></kyc-widget>`,
    );
    const frame = await frameSrc(el);
    await expect(scriptDone(frame)).rejects.toThrow('unknown script step "sumbit"');
    await settle();
    expect(el.state).toBe('ready');
  });
});

describe('the flow: once per attempt, errors, retry, cancel', () => {
  it('the first of five endings posted in one task ends the flow and tears the frame down: the rest, delivered, give no second event', async () => {
    const events = record(document);
    // Every ending is posted in one task: this page receives them back to back, the later ones queued behind the first.
    const burst = together('complete:approved', 'complete:declined', 'submit', 'cancel', 'complete:approved');
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'submit', burst]))}"></kyc-widget>`);
    const frame = await frameSrc(el);
    await untilState(el, 'complete');
    await burstDelivered(frame); // all of them reached this page, not only the first
    expect(frameOf(el)).toBeNull(); // the first ending tore the frame down
    events.stop();
    expect(events.filter((e) => e.type === 'kyc-complete')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'kyc-complete')[0].detail.outcome).toBe('approved');
    expect(events.some((e) => e.type === 'kyc-cancel')).toBe(false);
  });

  it('the first cancel of a burst ends the attempt and tears the frame down (one kyc-cancel); the restart button starts a new attempt', async () => {
    const events = record(document);
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', together('cancel', 'cancel', 'complete:approved')]))}"></kyc-widget>`,
    );
    const frame = await frameSrc(el);
    await untilState(el, 'cancelled');
    await burstDelivered(frame);
    expect(events.filter((e) => e.type === 'kyc-cancel')).toHaveLength(1);
    expect(events.some((e) => e.type === 'kyc-complete')).toBe(false);
    expect(frameOf(el)).toBeNull();
    const button = await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry-button"]'));
    expect(button.textContent).toBe('Start again');
    button.click();
    await untilState(el, 'cancelled'); // the same script runs again: a new attempt may cancel again
    events.stop();
    expect(events.filter((e) => e.type === 'kyc-cancel')).toHaveLength(2);
  });

  it('reports a provider error with its code, and retries when recoverable', async () => {
    const events = record(document);
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'error:doc_blurry']))}"></kyc-widget>`);
    await untilState(el, 'error');
    events.stop();
    const error = events.find((e) => e.type === 'kyc-error')!;
    expect(error.detail).toMatchObject({
      provider: 'generic',
      code: 'provider-error',
      recoverable: true,
      providerCode: 'doc_blurry',
    });
    expect(el.lastError).toMatchObject({ code: 'provider-error', providerCode: 'doc_blurry' });
    el.retry();
    expect(el.state).toBe('loading');
    await untilState(el, 'error');
  });

  it('maps a camera failure to camera-unavailable and honours recoverable: false', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'error:camera-unavailable']))}"></kyc-widget>`,
    );
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'camera-unavailable', recoverable: true });
    const fatal = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'error:fatal:false']))}"></kyc-widget>`,
    );
    await untilState(fatal, 'error');
    expect(fatal.lastError).toMatchObject({ code: 'provider-error', recoverable: false });
    fatal.retry(); // not recoverable: nothing happens
    expect(fatal.state).toBe('error');
    expect(fatal.shadowRoot!.querySelector('[part~="retry-button"]')).toBeNull();
  });

  it('gives frame-load-timeout, with a hint at the likely cause, when the frame never says ready', async () => {
    const events = record(document);
    const el = await widget(`<kyc-widget load-timeout="400" session-url="${SANDBOX}/silent"></kyc-widget>`);
    await untilState(el, 'error');
    events.stop();
    expect(el.lastError).toMatchObject({ code: 'frame-load-timeout', recoverable: true });
    expect(el.lastError!.message).toMatch(/frame-ancestors/);
    expect(frameOf(el)).toBeNull();
    expect(events.names()).toEqual(['state:loading', 'state:error', 'kyc-error']);
  });

  it('gives frame-load-timeout when the provider refuses to be framed', async () => {
    const el = await widget(`<kyc-widget load-timeout="600" session-url="${SANDBOX}/blocked"></kyc-widget>`);
    await untilState(el, 'error');
    expect(el.lastError?.code).toBe('frame-load-timeout');
  });

  it('cancel() ends a running flow; start() restarts it from any state', async () => {
    const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready', 'start']))}"></kyc-widget>`);
    await untilState(el, 'in-progress');
    const cancelled = new Promise((resolve) => el.addEventListener('kyc-cancel', resolve, { once: true }));
    el.cancel();
    await cancelled;
    expect(el.state).toBe('cancelled');
    el.start();
    expect(el.state).toBe('loading');
    await untilState(el, 'in-progress');
  });

  it('a host listener that throws does not break the message loop', async () => {
    const onError = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', onError);
    try {
      const el = document.createElement('kyc-widget') as KycWidgetElement;
      el.addEventListener('kyc-ready', () => {
        throw new Error('host bug');
      });
      el.sessionUrl = scripted(['ready', 'start', 'submit', 'complete:declined']);
      document.body.append(el);
      await untilState(el, 'complete');
      el.remove();
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('a host listener may call retry() from inside kyc-error', async () => {
    let retried = 0;
    const el = document.createElement('kyc-widget') as KycWidgetElement;
    el.addEventListener('kyc-error', () => {
      if (retried++ === 0) el.retry();
    });
    el.sessionUrl = scripted(['ready', 'error:flaky']);
    document.body.append(el);
    await expect.poll(() => retried).toBe(2);
    expect(el.state).toBe('error');
    el.remove();
  });
});

describe('the element in the page', () => {
  it('requests its frame before it adopts its styles, builds its loading screen or fires its first event', async () => {
    const order: string[] = [];
    const append = Element.prototype.append;
    const adopted = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets')!;
    Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
      for (const node of nodes)
        if (node instanceof HTMLElement && (node.tagName === 'IFRAME' || node.classList.contains('placeholder')))
          order.push(node.tagName === 'IFRAME' ? 'iframe' : 'loading screen');
      return append.apply(this, nodes);
    };
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      ...adopted,
      set(this: ShadowRoot, sheets: CSSStyleSheet[]) {
        if (this.host.localName === 'kyc-widget') order.push('styles');
        adopted.set!.call(this, sheets);
      },
    });
    const onEvent = (event: Event) => order.push(event.type);
    document.addEventListener('kyc-statechange', onEvent, { once: true });
    try {
      const el = document.createElement('kyc-widget');
      el.setAttribute('session-url', scripted(['ready']));
      document.body.append(el);
      await untilState(el, 'ready');
      el.remove();
    } finally {
      Element.prototype.append = append;
      Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', adopted);
      document.removeEventListener('kyc-statechange', onEvent);
    }
    expect(order.slice(0, 4)).toEqual(['iframe', 'styles', 'loading screen', 'kyc-statechange']);
  });

  it('removes its message listener when removed, and restarts when put back', async () => {
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const { addEventListener: add, removeEventListener: remove } = window;
    window.addEventListener = function (this: Window, type: string, listener: unknown, options?: unknown) {
      if (type === 'message') added.push(listener);
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    } as typeof window.addEventListener;
    window.removeEventListener = function (this: Window, type: string, listener: unknown, options?: unknown) {
      if (type === 'message') removed.push(listener);
      return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
    } as typeof window.removeEventListener;
    try {
      const el = document.createElement('kyc-widget') as KycWidgetElement;
      el.sessionUrl = scripted(['ready', 'start']);
      document.body.append(el);
      await untilState(el, 'in-progress');
      expect(added).toHaveLength(1);
      el.remove();
      expect(removed).toEqual(added);
      document.body.append(el);
      // Inputs set in the same task as the move still count: the restart waits for the end of the task.
      await Promise.resolve();
      expect(el.state).toBe('loading');
      await untilState(el, 'in-progress');
      el.remove();
      expect(removed).toHaveLength(2);
      expect(new Set(removed)).toEqual(new Set(added));
    } finally {
      window.addEventListener = add;
      window.removeEventListener = remove;
    }
  });

  it('keeps the running flow and its frame document when moved with moveBefore() (no reload)', async () => {
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', 'start', 'wait:400', 'complete:approved']))}"></kyc-widget>`,
    );
    await untilState(el, 'in-progress');
    const frame = frameOf(el)!;
    let loads = 0;
    frame.addEventListener('load', () => loads++);
    const events = record(el);
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    const parent = elsewhere as Element & { moveBefore?: (node: Node, child: Node | null) => void };
    expect(typeof parent.moveBefore).toBe('function');
    parent.moveBefore!(el, null);
    expect(el.parentElement).toBe(elsewhere);
    expect(frameOf(el)).toBe(frame);
    // The same document goes on to finish: a reloaded one would start its script again and load again.
    await untilState(el, 'complete');
    events.stop();
    expect(loads).toBe(0);
    expect(events.names()).toEqual(['state:complete', 'kyc-complete']);
    elsewhere.remove();
  });
});

describe('modal mode', () => {
  it('opens a native modal dialog while open, and a close by the person cancels and drops [open]', async () => {
    const events = record(document);
    const el = await widget(
      `<kyc-widget mode="modal" session-url="${attr(scripted(['ready', 'start']))}"></kyc-widget>`,
    );
    await expect.poll(() => el.shadowRoot!.querySelector('dialog')).not.toBeNull(); // the modal shell is a lazy chunk
    expect(el.state).toBe('idle'); // nothing loads until it is opened
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    el.open = true;
    expect(el.hasAttribute('open')).toBe(true);
    expect(dialog.open).toBe(true);
    expect(dialog.matches(':modal')).toBe(true);
    await untilState(el, 'in-progress');
    expect(dialog.contains(frameOf(el))).toBe(true);
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
    await untilState(el, 'cancelled');
    events.stop();
    expect(el.open).toBe(false);
    expect(el.hasAttribute('open')).toBe(false);
    expect(events.filter((e) => e.type === 'kyc-cancel')).toHaveLength(1);
  });

  it('start() opens the dialog', async () => {
    const el = await widget(`<kyc-widget mode="modal" session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
    el.start();
    expect(el.open).toBe(true);
    await untilState(el, 'ready');
    expect(el.shadowRoot!.querySelector('dialog')!.open).toBe(true);
  });
});

async function waitFor<T>(get: () => T | null | undefined, timeout = 3000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await sleep(20); // fixed wait: the poll's interval (the condition is what it waits for)
  }
}
