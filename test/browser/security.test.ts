import { afterEach, describe, expect, it } from 'vitest';
import {
  attr,
  fixtureCleanup,
  forgeFrom,
  frameOf,
  record,
  removeForgers,
  SANDBOX,
  scripted,
  STRANGER,
  untilState,
  widget,
} from './helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

const COMPLETE = JSON.stringify({ kyc: 1, type: 'complete', outcome: 'approved', sessionId: 'forged' });
const CANCEL = JSON.stringify({ kyc: 1, type: 'cancel' });

/** Resolves once `count` messages from `origin` have reached this window (so the widget saw them too). */
function messagesFrom(origin: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const listener = (event: MessageEvent) => {
      if (event.origin === origin && ++seen >= count) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
}

async function readyWidget() {
  const el = await widget(`<kyc-widget session-url="${attr(scripted(['ready']))}"></kyc-widget>`);
  await untilState(el, 'ready');
  return el;
}

describe('nobody but the widget’s own frame, on an allowed origin, can speak for the provider', () => {
  it('ignores messages forged by the host page itself', async () => {
    const el = await readyWidget();
    const events = record(el);
    const arrived = messagesFrom(location.origin, 3);
    window.postMessage(JSON.parse(COMPLETE), '*');
    window.postMessage(COMPLETE, '*');
    window.postMessage(CANCEL, '*');
    await arrived;
    events.stop();
    expect(events).toHaveLength(0);
    expect(el.state).toBe('ready');
  });

  it('ignores a second iframe served from the provider’s own origin', async () => {
    const el = await readyWidget();
    const events = record(el);
    const arrived = messagesFrom(SANDBOX, 6);
    forgeFrom(SANDBOX, COMPLETE, 'object', 3);
    forgeFrom(SANDBOX, COMPLETE, 'json', 3);
    await arrived;
    events.stop();
    expect(events).toHaveLength(0);
    expect(el.state).toBe('ready');
  });

  it('ignores a frame on a third origin', async () => {
    const el = await readyWidget();
    const events = record(el);
    const arrived = messagesFrom(STRANGER, 3);
    forgeFrom(STRANGER, CANCEL, 'object', 3);
    await arrived;
    events.stop();
    expect(events).toHaveLength(0);
    expect(el.state).toBe('ready');
  });

  it('ignores its own frame once it has navigated to a foreign origin', async () => {
    const forge = `${STRANGER}/forge?${new URLSearchParams({ send: COMPLETE, repeat: '3', delay: '20' })}`;
    const arrived = messagesFrom(STRANGER, 3);
    const el = await widget(
      `<kyc-widget session-url="${attr(scripted(['ready', `navigate:${encodeURIComponent(forge)}`]))}"></kyc-widget>`,
    );
    const events = record(el);
    await arrived;
    events.stop();
    expect(el.state).toBe('ready');
    expect(events.some((e) => e.type === 'kyc-complete')).toBe(false);
  });

  it('never sends anything to its frame once the frame is on a foreign origin (no "*")', async () => {
    const reports: string[][] = [];
    const onReport = (event: MessageEvent) => {
      const data = event.data as { spy?: unknown; received?: string[] } | null;
      if (event.origin === STRANGER && data?.spy && data.received) reports.push(data.received);
    };
    window.addEventListener('message', onReport);
    try {
      const el = await widget(
        `<kyc-widget session-url="${attr(scripted(['ready', `navigate:${encodeURIComponent(`${STRANGER}/spy`)}`]))}"></kyc-widget>`,
      );
      await expect.poll(() => reports.length, { timeout: 5000 }).toBeGreaterThan(0);
      // A token hand-over is the most sensitive thing the widget ever posts.
      el.sessionToken = 'tok_must_not_leak_1234';
      // The spy reports what it received every few ms: two more reports after the token means it had the chance.
      const before = reports.length;
      await expect.poll(() => reports.length, { timeout: 5000 }).toBeGreaterThan(before + 1);
      expect(reports.at(-1)).toEqual([]);
    } finally {
      window.removeEventListener('message', onReport);
    }
  });

  it('drops junk from its own frame without failing (the size bound is unit-tested in decode.test.ts)', async () => {
    const junk = [
      '12345',
      'null',
      '[1,2]',
      '{"kyc":2,"type":"complete"}',
      '{"kyc":1,"type":"complete","outcome":',
      'VERIFF_FINISHED',
    ];
    const url = scripted(['ready', ...junk.map((j) => `raw:${encodeURIComponent(j)}`), 'start']);
    const el = await widget(`<kyc-widget session-url="${attr(url)}"></kyc-widget>`);
    const events = record(el);
    await untilState(el, 'in-progress');
    events.stop();
    expect(events.names()).toEqual(['state:ready', 'kyc-ready', 'state:in-progress', 'kyc-start']);
  });

  it('keeps tokens out of the DOM, the frame URL, event details and debug logs', async () => {
    const logged: string[] = [];
    // console.error too: the session-expired below is final here, and is said there without debug.
    const original = {
      info: console.info,
      log: console.log,
      debug: console.debug,
      warn: console.warn,
      error: console.error,
    };
    for (const key of Object.keys(original) as Array<keyof typeof original>) {
      console[key] = (...args: unknown[]) => logged.push(JSON.stringify(args));
    }
    const events = record(document);
    try {
      const el = document.createElement('kyc-widget');
      el.debug = true;
      el.sessionToken = 'tok_SECRET_abcdef';
      el.sessionUrl = scripted(['ready', 'start', 'token-expired', 'await-token', 'submit', 'complete:approved'], {
        echo: '1',
      });
      document.body.append(el);
      await untilState(el, 'error');
      expect(el.lastError?.code).toBe('session-expired');
      el.sessionToken = 'tok_NEWER_987654';
      await untilState(el, 'complete');
      expect(events.some((e) => e.type === 'kyc-progress' && e.detail.step === 'token:tok_')).toBe(true);
      const everything = [
        el.outerHTML,
        el.shadowRoot!.innerHTML,
        frameOf(el)?.src ?? '',
        JSON.stringify(events),
        logged.join('\n'),
      ].join('\n');
      expect(logged.length).toBeGreaterThan(3);
      expect(logged.filter((line) => line.includes('[kyc-widget] session-expired'))).toHaveLength(1);
      expect(everything).not.toContain('SECRET');
      expect(everything).not.toContain('NEWER');
      el.remove();
    } finally {
      Object.assign(console, original);
      events.stop();
    }
  });

  it('accepts the frame only from the origins the README lists: session-url origin plus allowed-origins', async () => {
    // The frame is served by the sandbox but the host only allows the stranger: the session URL's own
    // origin is still trusted for the generic protocol, so this works…
    const el = await widget(
      `<kyc-widget allowed-origins="${STRANGER}" session-url="${attr(scripted(['ready']))}"></kyc-widget>`,
    );
    await untilState(el, 'ready');
    expect(frameOf(el)!.src.startsWith(SANDBOX)).toBe(true);
  });
});
