import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { forgetRuntime, loadRuntime, runtimeLoader } from '../../src/element/handover';
import { EVENT_NAMES, type KycWidgetElement } from '../../src/index';
import { fixtureCleanup, frameOf, scripted, settle, SILENT, untilState } from './helpers';

/**
 * The server-confirmed decision in real Chromium, against a scripted decision endpoint on the page's own origin
 * (test/support/decision-endpoint.ts speaks kyc-widget/server's wire format): the stream after kyc-complete, the JSON
 * fallback, reconnecting, the element leaving and coming back, a page that opens on a decided session, the host's
 * own decision, and forged events on the stream.
 */

interface Logged {
  accept: 'stream' | 'json';
  kind: 'json' | 'stream' | 'drop' | '429' | 'forged';
  provider: string | null;
  sessionId: string | null;
  cookie: boolean;
  closedByClient: boolean;
  sent?: string | null;
  forgedSent?: boolean;
}

let runs = 0;

/** A decision endpoint of its own (a fresh run), its log, and the "webhook" that decides. */
function endpoint(options: Record<string, string> = {}) {
  const id = `decision-${Date.now()}-${runs++}`;
  const query = new URLSearchParams({ id, ...options });
  return {
    url: `/__kyc/decision?${query}`,
    log: async (): Promise<Logged[]> => (await fetch(`/__kyc/decision/log?id=${id}`)).json() as Promise<Logged[]>,
    decide: async (decision: string, session?: string) => {
      const params = new URLSearchParams({ id, decision, ...(session ? { session } : {}) });
      await fetch(`/__kyc/decision/decide?${params}`, { method: 'POST' });
    },
    /** The widget's requests whose stream is open now: not ended by either side. */
    open: async () =>
      ((await (await fetch(`/__kyc/decision/log?id=${id}`)).json()) as Logged[]).filter(
        (e) =>
          e.accept === 'stream' && e.kind !== '429' && e.kind !== 'drop' && !e.closedByClient && e.sent === undefined,
      ),
  };
}

/** Every kyc-* event on the element, in order. */
function record(el: EventTarget) {
  const events: Array<{ type: string; detail: Record<string, unknown> }> = [];
  for (const name of EVENT_NAMES)
    el.addEventListener(name, (e) =>
      events.push({ type: name, detail: { ...(e as CustomEvent<Record<string, unknown>>).detail } }),
    );
  return {
    events,
    names: () => events.map((e) => (e.type === 'kyc-statechange' ? `state:${String(e.detail.state)}` : e.type)),
    decisions: () => events.filter((e) => e.type === 'kyc-decision').map((e) => e.detail),
  };
}

function mount(setup: (el: KycWidgetElement) => void): { el: KycWidgetElement; seen: ReturnType<typeof record> } {
  const el = document.createElement('kyc-widget');
  const seen = record(el);
  setup(el);
  document.body.append(el);
  return { el, seen };
}

/** The decision endpoint's requests as the widget makes them, seen when they are made (window.fetch wrapped). */
let asked: string[] = [];
const realFetch = window.fetch;
beforeEach(() => {
  asked = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname === '/__kyc/decision') asked.push(url.search);
    return realFetch(input, init);
  };
});
afterEach(() => {
  window.fetch = realFetch;
  document.querySelectorAll('kyc-widget').forEach((el) => el.remove());
  document.cookie = 'kyc_test=; path=/; max-age=0';
  return fixtureCleanup();
});

const resultOf = (el: KycWidgetElement) => el.shadowRoot!.querySelector('[part~="result"]');
const FINISH = ['ready', 'start', 'submit', 'complete:pending'];

describe('the server-confirmed decision (decision-endpoint)', () => {
  it('after kyc-complete the stream delivers it: decision set, kyc-decision once, the result screen shows it', async () => {
    document.cookie = 'kyc_test=1; path=/';
    const api = endpoint();
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_42' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    await expect.poll(async () => (await api.open()).length).toBe(1);
    expect(el.decision).toBeUndefined();
    // Until the server says, a neutral wait: nothing claimed.
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('checking');
    expect(resultOf(el)!.textContent).toContain('Checking your result');

    await api.decide('approved', 'inq_42');
    await expect.poll(() => el.decision).toBe('approved');
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('approved');
    expect(resultOf(el)!.textContent).toContain('Verification approved');
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_42', decision: 'approved', confirmed: true },
    ]);
    const names = seen.names();
    expect(names.indexOf('kyc-decision')).toBeGreaterThan(names.indexOf('kyc-complete'));
    // The stream asked about the frame's session, with the page's cookie, and got the decision; nothing else is open.
    const streams = (await api.log()).filter((e) => e.accept === 'stream');
    expect(streams).toEqual([
      {
        accept: 'stream',
        kind: 'stream',
        provider: 'generic',
        sessionId: 'inq_42',
        cookie: true,
        closedByClient: false,
        sent: 'approved',
      },
    ]);
    await page.screenshot({ element: el, path: '__screenshots__/decision.test.ts/result-confirmed-approved.png' });

    // Known now: off the page and back, the widget does not ask again (the next test sees it ask when it would).
    const before = asked.length;
    el.remove();
    document.body.append(el);
    await settle();
    expect(asked).toHaveLength(before);
    expect(seen.decisions()).toHaveLength(1);
  });

  it('the element removed mid-watch closes its stream; back on the page with no decision yet, it watches again', async () => {
    const api = endpoint({ heartbeat: '100' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_43' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    await expect.poll(async () => (await api.open()).length).toBe(1);
    const watching = asked.length;
    el.remove();
    await expect
      .poll(async () => (await api.log()).filter((e) => e.accept === 'stream').map((e) => e.closedByClient))
      .toEqual([true]);
    document.body.append(el);
    await settle();
    expect(asked).toHaveLength(watching + 1); // asked again at once
    await expect.poll(async () => (await api.open()).length).toBe(1);
    await api.decide('review');
    await expect.poll(() => el.decision).toBe('review');
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_43', decision: 'review', confirmed: true },
    ]);
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('review');
  });

  it('reconnects after a dropped stream, and after a 429 when its Retry-After has passed', async () => {
    const api = endpoint({ faults: 'drop,429' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_44' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    await expect.poll(async () => (await api.open()).map((e) => e.kind), { timeout: 10000 }).toEqual(['stream']);
    expect((await api.log()).filter((e) => e.accept === 'stream').map((e) => e.kind)).toEqual([
      'drop',
      '429',
      'stream',
    ]);
    await api.decide('declined');
    await expect.poll(() => el.decision).toBe('declined');
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_44', decision: 'declined', confirmed: true },
    ]);
  });

  it('an endpoint that answers JSON instead of streaming is polled', async () => {
    const api = endpoint({ mode: 'json' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_45' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    // The watch's first request asked for a stream and got JSON: none yet.
    await expect
      .poll(async () => (await api.log()).filter((e) => e.accept === 'stream').map((e) => e.sent))
      .toEqual([null]);
    await api.decide('approved');
    await expect.poll(() => el.decision, { timeout: 10000 }).toBe('approved');
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_45', decision: 'approved', confirmed: true },
    ]);
    // After that one, the widget polls for JSON: the poll that found it.
    const log = await api.log();
    expect(log.at(-1)).toMatchObject({ accept: 'json', sent: 'approved' });
  }, 20000);

  it('forged and malformed events on the stream are ignored; the real decision after them is taken', async () => {
    const api = endpoint({ faults: 'forged' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_7' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    await expect.poll(async () => (await api.open()).map((e) => e.forgedSent)).toEqual([true]);
    await api.decide('declined', 'inq_7');
    await expect.poll(() => el.decision).toBe('declined');
    // On the same stream, in order: had the widget taken any forged event, it would have stopped at it.
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_7', decision: 'declined', confirmed: true },
    ]);
    expect((await api.log()).filter((e) => e.accept === 'stream')).toMatchObject([
      { kind: 'forged', sessionId: 'inq_7', sent: 'declined', closedByClient: false },
    ]);
  });
});

describe('a page that opens on a session already decided (a reload)', () => {
  it('complete with the decision’s outcome, without kyc-complete; the frame goes; one JSON look', async () => {
    const api = endpoint({ decision: 'declined' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(['ready']);
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    expect(el.decision).toBe('declined');
    expect(frameOf(el)).toBeNull();
    expect(seen.names()).not.toContain('kyc-complete');
    expect(seen.names().at(-2)).toBe('state:complete');
    expect(seen.decisions()).toEqual([{ provider: 'generic', decision: 'declined', confirmed: true }]);
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('declined');
    expect(await api.log()).toEqual([
      {
        accept: 'json',
        kind: 'json',
        provider: 'generic',
        sessionId: null,
        cookie: false,
        closedByClient: false,
        sent: 'declined',
      },
    ]);
  });

  it('on a fresh page: nothing is asked before the runtime; then the look ends the session request under way', async () => {
    const session = `/__kyc/session?${new URLSearchParams({ id: `decision-session-${Date.now()}`, plan: 'hang' })}`;
    const sessionLog = async () =>
      (await fetch(session.replace('/__kyc/session?', '/__kyc/session/log?'))).json() as Promise<
        Array<{ aborted: boolean }>
      >;
    const api = endpoint({ decision: 'approved' });
    forgetRuntime();
    const realLoad = runtimeLoader.load;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runtimeLoader.load = () => gate.then(realLoad);
    try {
      const { el, seen } = mount((el) => {
        el.sessionEndpoint = session;
        el.decisionEndpoint = api.url;
      });
      // The element's first chunk asks for the session at once, and nothing of the decision.
      await expect.poll(async () => (await sessionLog()).length).toBe(1);
      expect(el.state).toBe('loading');
      expect(asked).toEqual([]);
      release();
      await untilState(el, 'complete');
      expect(asked).toHaveLength(1);
      expect(seen.names()).toEqual(['state:loading', 'state:complete', 'kyc-decision']);
      expect(el.decision).toBe('approved');
      await expect.poll(async () => (await sessionLog()).map((e) => e.aborted)).toEqual([true]);
    } finally {
      runtimeLoader.load = realLoad;
      await loadRuntime();
    }
  });

  it('the session endpoint answers the decision instead of a session: the result, with no frame, and nothing twice', async () => {
    // kyc-widget/server answers this to a person already approved: no new session, nothing charged.
    const session = `/__kyc/session?${new URLSearchParams({ id: `decided-${Date.now()}`, plan: 'decided:approved' })}`;
    const { el, seen } = mount((el) => {
      // Its warm-up frame goes to a host that never answers: it never loads, so only the widget can take it away.
      el.allowedOrigins = SILENT;
      el.sessionEndpoint = session;
    });
    await untilState(el, 'complete');
    expect(el.decision).toBe('approved');
    expect(frameOf(el)).toBeNull();
    // Nothing to verify: no frame of any kind is left in the page, the hidden warm-up frame included.
    await expect.poll(() => el.shadowRoot!.querySelectorAll('iframe').length).toBe(0);
    expect(seen.names()).toEqual(['state:loading', 'state:complete', 'kyc-decision']);
    expect(seen.decisions()).toEqual([{ provider: 'generic', decision: 'approved', confirmed: true }]);
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('approved');
    const log = (await (await fetch(session.replace('/__kyc/session?', '/__kyc/session/log?'))).json()) as unknown[];
    expect(log).toHaveLength(1);
  });

  it('with only the endpoint on the page (nothing to verify): the result at once', async () => {
    const api = endpoint({ decision: 'review' });
    const { el, seen } = mount((el) => (el.decisionEndpoint = api.url));
    await untilState(el, 'complete');
    expect(seen.names()).toEqual(['state:complete', 'kyc-decision']);
    await expect.poll(() => resultOf(el)?.getAttribute('data-outcome')).toBe('review');
  });

  it('a person who already began is not interrupted: the look is stopped', async () => {
    const api = endpoint({ decision: 'approved', slow: '1500' });
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(['ready', 'start']);
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'in-progress');
    // The endpoint would have said "approved": the widget closed the request before it could.
    await expect
      .poll(async () => (await api.log()).map((e) => [e.accept, e.closedByClient, e.sent]))
      .toEqual([['json', true, undefined]]);
    expect(el.state).toBe('in-progress');
    expect(el.decision).toBeUndefined();
    expect(seen.decisions()).toEqual([]);
    expect(frameOf(el)).not.toBeNull();
  });
});

describe('the host’s own decision, and the input itself', () => {
  it('the host setting decision: kyc-decision, unconfirmed, once; the widget stops asking', async () => {
    const api = endpoint();
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(FINISH, { session: 'inq_46' });
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'complete');
    await expect.poll(async () => (await api.open()).length).toBe(1);
    el.decision = 'approved';
    expect(seen.decisions()).toEqual([
      { provider: 'generic', sessionId: 'inq_46', decision: 'approved', confirmed: false },
    ]);
    el.decision = 'approved';
    expect(seen.decisions()).toHaveLength(1);
    await expect
      .poll(async () => (await api.log()).filter((e) => e.accept === 'stream').map((e) => e.closedByClient))
      .toEqual([true]);
  });

  it('without a decision endpoint, the host’s decision is announced all the same', async () => {
    const { el, seen } = mount((el) => (el.sessionUrl = scripted(['ready']))); // ready names no session
    await untilState(el, 'ready');
    el.decision = 'review';
    expect(seen.decisions()).toEqual([{ provider: 'generic', decision: 'review', confirmed: false }]);
  });

  it('changing decision-endpoint never restarts the frame; a bad one is config-invalid', async () => {
    const api = endpoint();
    const { el, seen } = mount((el) => {
      el.sessionUrl = scripted(['ready', 'start']);
      el.decisionEndpoint = api.url;
    });
    await untilState(el, 'in-progress');
    const frame = frameOf(el);
    el.decisionEndpoint = `${api.url}&other=1`;
    await settle();
    expect(frameOf(el)).toBe(frame);
    expect(el.state).toBe('in-progress');
    el.decisionEndpoint = 'http://example.com/decision';
    await untilState(el, 'error');
    expect(el.lastError).toMatchObject({ code: 'config-invalid' });
    expect(el.lastError!.message).toMatch(/^decision-endpoint must use https/);
    expect(seen.names()).toContain('kyc-error');
  });
});
