import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { fixtureCleanup, frameOf, record, scripted, settle, untilState } from './helpers';

afterEach(() => fixtureCleanup());

interface Logged {
  body: { provider: string; locale: string; refresh: boolean };
  aborted: boolean;
}

let runs = 0;

/** An endpoint URL on the test page's origin with a fresh log, and a reader for that log. */
function endpoint(plan: string, answer: { url?: string; token?: string } = {}) {
  const id = `run-${Date.now()}-${runs++}`;
  const query = new URLSearchParams({
    id,
    plan,
    ...(answer.url ? { url: answer.url } : {}),
    ...(answer.token ? { token: answer.token } : {}),
  });
  return {
    url: `/__kyc/session?${query}`,
    log: async (): Promise<Logged[]> => (await fetch(`/__kyc/session/log?id=${id}`)).json() as Promise<Logged[]>,
  };
}

function mount(setup: (el: KycWidgetElement) => void): KycWidgetElement {
  const el = document.createElement('kyc-widget');
  setup(el);
  document.body.append(el);
  return el;
}

describe('sessions from the host backend (session-endpoint)', () => {
  it('asks the endpoint for the session, then loads the frame it names', async () => {
    const api = endpoint('ok', { url: scripted(['ready']) });
    const events = record(document);
    const el = mount((el) => el.setAttribute('session-endpoint', api.url));
    await untilState(el, 'ready');
    events.stop();
    expect(events.names().slice(0, 3)).toEqual(['state:loading', 'state:ready', 'kyc-ready']);
    expect(await api.log()).toEqual([
      {
        body: { provider: 'generic', locale: 'en', refresh: false },
        key: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
        aborted: false,
      },
    ]);
    el.remove();
  });

  it('retries a failing endpoint with backoff, and succeeds', async () => {
    const api = endpoint('fail,fail,ok', { url: scripted(['ready']) });
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await untilState(el, 'ready', 10000);
    expect(await api.log()).toHaveLength(3);
    el.remove();
  }, 20000);

  it('gives session-fetch-failed after 3 retries; retry() asks again', async () => {
    const api = endpoint('quickfail,quickfail,quickfail,quickfail,ok', { url: scripted(['ready']) });
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await untilState(el, 'error', 15000);
    expect(el.lastError).toMatchObject({ code: 'session-fetch-failed', recoverable: true });
    expect(frameOf(el)).toBeNull();
    expect(await api.log()).toHaveLength(4);
    el.retry();
    await untilState(el, 'ready');
    expect(await api.log()).toHaveLength(5);
    el.remove();
  }, 25000);

  it('never asks twice at once, and aborts the request when the element leaves the page', async () => {
    // What could happen: a new input makes the widget ask for a session again. The control shows it on this page:
    // its endpoint always fails, so it has no session and no request in flight once it shows its error; the same
    // change, made a task after the hanging element's, reaches its endpoint as a new request. Only then is the
    // hanging element's log read again.
    const api = endpoint('hang');
    const controlApi = endpoint('quickfail');
    const el = mount((el) => (el.sessionEndpoint = api.url));
    const control = mount((el) => (el.sessionEndpoint = controlApi.url));
    await expect.poll(async () => (await api.log()).length).toBe(1);
    await untilState(control, 'error', 15000);
    const asked = (await controlApi.log()).length;
    el.options = { anything: 1 }; // a new input while the request hangs must not start a second one
    await settle();
    control.options = { anything: 1 };
    await expect.poll(async () => (await controlApi.log()).length).toBeGreaterThan(asked);
    expect(await api.log()).toHaveLength(1);
    expect(el.state).toBe('loading');
    control.remove();
    el.remove();
    await expect.poll(async () => (await api.log()).map((r) => r.aborted)).toEqual([true]);
  });

  it('renews an expired token through the endpoint and hands it to the running frame', async () => {
    const frame = scripted(['ready', 'start', 'token-expired', 'await-token', 'submit', 'complete:approved'], {
      echo: '1',
    });
    const api = endpoint('token:AAAA_first,token:BBBB_second', { url: frame });
    const events = record(document);
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await untilState(el, 'complete');
    events.stop();
    const log = await api.log();
    expect(log.map((r) => r.body.refresh)).toEqual([false, true]);
    // The frame echoes the first four characters of each token it is handed: the renewed one, never the stale one.
    const handed = events
      .filter((e) => e.type === 'kyc-progress' && String(e.detail.step).startsWith('token:'))
      .map((e) => e.detail.step);
    expect(handed).toEqual(['token:BBBB']);
    expect(events.some((e) => e.type === 'kyc-error')).toBe(false);
    expect(JSON.stringify(events)).not.toContain('BBBB_second');
    el.remove();
  });

  it('reports session-expired (recoverable) when the endpoint cannot renew it', async () => {
    const frame = scripted(['ready', 'start', 'token-expired']);
    const api = endpoint('ok,quickfail', { url: frame, token: 'tok_a' });
    const el = mount((el) => (el.sessionEndpoint = api.url));
    await untilState(el, 'error', 15000);
    expect(el.lastError).toMatchObject({ code: 'session-expired', recoverable: true });
    el.remove();
  }, 20000);
});
