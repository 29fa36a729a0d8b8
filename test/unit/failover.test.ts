import { describe, expect, it } from 'vitest';
import { initialModel } from '../../src/element/first-step';
import type { Config, Effect, Event, Model } from '../../src/flow/model';
import { step } from '../../src/flow/step';
import { fetchSession, SessionFetchError } from '../../src/runtime/session-client';
import { say } from '../../src/runtime/problems';
import { Problem } from '../../src/frame/problem';
import { carries } from '../../src/providers/registry';

/**
 * `provider="auto"` as step decides it (flow/failover.ts), without a browser: which failures leave a provider, the
 * `failed` list each new request carries, and when there is no switch; and the session client's reading of a
 * 502/503 that names the provider (test/browser/failover.test.ts runs the same in Chromium).
 */

interface Frame {
  url: URL;
  context: { sessionToken?: string };
}
const ENDPOINT = new URL('https://host.example/api/session');
const frameOf = (name: string): Frame => ({ url: new URL(`https://${name}.example/s`), context: {} });

function config(provider: string | undefined, auto = true): Config<Frame> {
  return {
    resolution: provider ? { kind: 'ok', frame: frameOf(provider) } : { kind: 'needs-session', endpoint: ENDPOINT },
    key: 'k1',
    binding: `auto ${ENDPOINT.href}`,
    endpoint: ENDPOINT,
    mode: 'inline',
    open: false,
    session: true,
    modalOpen: false,
    ...(auto ? { auto } : {}),
  };
}

/** Configured, and the endpoint's answer naming `provider`: its frame loading. */
function loading(provider: string, auto = true): Model<Frame> {
  const first = step(
    { ...initialModel<Frame>(), connected: true },
    { type: 'configure', config: config(undefined, auto) },
  );
  return answer(first.model, provider, auto).model;
}

function answer(model: Model<Frame>, provider: string, auto = true) {
  const event: Event<Frame> = {
    type: 'session',
    request: model.request!.id,
    answer: { provider, sessionUrl: `https://${provider}.example/s` },
    now: 0,
    config: config(provider, auto),
  };
  return step(model, event);
}

const fetches = (effects: Effect<Frame>[]) => effects.filter((e) => e.type === 'fetch-session');
const emitted = (effects: Effect<Frame>[]) => effects.flatMap((e) => (e.type === 'emit' ? [e.name] : []));
const timeout = (model: Model<Frame>): Event<Frame> => ({ type: 'timeout', frame: model.frame!.id, after: 1500 });
const error = (model: Model<Frame>, recoverable: boolean): Event<Frame> => ({
  type: 'signals',
  frame: model.frame!.id,
  from: 'message',
  signals: [{ type: 'error', code: 'provider-error', message: 'refused', recoverable }],
});

describe('flow/failover.ts: provider="auto" leaves a provider that fails before the person starts', () => {
  it('a load timeout: the frame stops, loading stays, and the endpoint is asked with refresh and failed', () => {
    const model = loading('alpha');
    const left = step(model, timeout(model));
    expect(left.model.snapshot.state).toBe('loading');
    expect(emitted(left.effects)).toEqual([]);
    expect(left.effects.map((e) => e.type)).toContain('stop-frame');
    expect(fetches(left.effects)).toMatchObject([
      { refresh: true, failed: [{ provider: 'alpha', code: 'frame-load-timeout' }] },
    ]);
    const switched = answer(left.model, 'beta');
    expect(switched.effects[0]).toMatchObject({ type: 'load-frame', frame: frameOf('beta') });
    const warning = switched.effects.find((e) => e.type === 'emit' && e.name === 'kyc-warning');
    expect(warning).toMatchObject({ detail: { code: 'provider-switched', previous: 'alpha' } });
  });

  it('the failed list accumulates within the attempt; a fresh attempt (retry) starts it again', () => {
    let model = loading('alpha');
    model = answer(step(model, timeout(model)).model, 'beta').model;
    const second = step(model, timeout(model));
    expect(fetches(second.effects)).toMatchObject([
      {
        failed: [
          { provider: 'alpha', code: 'frame-load-timeout' },
          { provider: 'beta', code: 'frame-load-timeout' },
        ],
      },
    ]);
    const none = step(second.model, {
      type: 'session-error',
      request: second.model.request!.id,
      message: 'HTTP 503 (no provider left)',
      none: true,
    });
    expect(emitted(none.effects)).toEqual(['kyc-statechange', 'kyc-error']);
    expect(none.model.snapshot.error).toMatchObject({ code: 'frame-load-timeout', recoverable: true });
    const retried = step(none.model, { type: 'retry', config: config(undefined) });
    expect(fetches(retried.effects)).toMatchObject([{ refresh: false }]);
    expect(fetches(retried.effects)[0]).not.toHaveProperty('failed');
    // In the fresh attempt alpha may fail once more, and is left again: the list starts from it.
    const again = answer(retried.model, 'alpha').model;
    expect(fetches(step(again, timeout(again)).effects)).toMatchObject([
      { failed: [{ provider: 'alpha', code: 'frame-load-timeout' }] },
    ]);
  });

  it('only a provider error it cannot recover from leaves it; a recoverable one is the usual error', () => {
    const model = loading('alpha');
    expect(fetches(step(model, error(model, false)).effects)).toHaveLength(1);
    const kept = step(model, error(model, true));
    expect(fetches(kept.effects)).toHaveLength(0);
    expect(kept.model.snapshot.state).toBe('error');
  });

  it('after kyc-start there is no switch', () => {
    const model = loading('alpha');
    const started = step(model, {
      type: 'signals',
      frame: model.frame!.id,
      from: 'message',
      signals: [{ type: 'ready' }, { type: 'start' }],
    }).model;
    const failed = step(started, error(started, false));
    expect(fetches(failed.effects)).toHaveLength(0);
    expect(emitted(failed.effects)).toContain('kyc-error');
  });

  it('without auto, the same timeout is the usual frame-load-timeout', () => {
    const model = loading('alpha', false);
    const failed = step(model, timeout(model));
    expect(fetches(failed.effects)).toHaveLength(0);
    expect(failed.model.snapshot.error).toMatchObject({ code: 'frame-load-timeout' });
  });

  it('a 502 naming the provider is a switch; an endpoint failure naming none is session-fetch-failed', () => {
    const first = step({ ...initialModel<Frame>(), connected: true }, { type: 'configure', config: config(undefined) });
    const request = first.model.request!.id;
    const named = step(first.model, { type: 'session-error', request, message: 'HTTP 502', provider: 'alpha' });
    expect(fetches(named.effects)).toMatchObject([{ failed: [{ provider: 'alpha', code: 'session-fetch-failed' }] }]);
    const plain = step(first.model, { type: 'session-error', request, message: 'HTTP 500' });
    expect(plain.model.snapshot.error).toMatchObject({ code: 'session-fetch-failed' });
  });
});

describe('the session client reads what a 502/503 says to auto', () => {
  const endpoint = new URL('https://shop.example/api/kyc-session');
  const reply = (status: number, data: unknown) =>
    new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

  async function failure(provider: string, response: Response): Promise<{ error: SessionFetchError; tries: number }> {
    let tries = 0;
    const fetch = (async () => (tries++, response.clone())) as unknown as typeof globalThis.fetch;
    const error = await fetchSession(
      endpoint,
      { provider, locale: 'en', refresh: false },
      { signal: new AbortController().signal, fetch, sleep: async () => {} },
    ).catch((e: SessionFetchError) => e);
    return { error: error as SessionFetchError, tries };
  }

  it('auto: the provider it names, or none left, at once (no retries)', async () => {
    const named = await failure('auto', reply(502, { error: 'provider-failed', provider: 'sumsub' }));
    expect(named).toMatchObject({ tries: 1, error: { word: { provider: 'sumsub' } } });
    const none = await failure('auto', reply(503, { error: { code: 'no-provider', message: 'None left.' } }));
    expect(none).toMatchObject({ tries: 1, error: { word: { none: true } } });
    // Not the server companion's shape: nothing read, retried as any 503.
    expect(await failure('auto', reply(503, { error: 'no-provider' }))).toMatchObject({ tries: 4 });
  });

  it('a named provider is nothing without auto, and junk names nothing: retried as before', async () => {
    expect(await failure('sumsub', reply(502, { provider: 'sumsub' }))).toMatchObject({
      tries: 4,
      error: { word: {} },
    });
    expect(await failure('auto', reply(503, { provider: '<script>' }))).toMatchObject({ tries: 4 });
  });
});

describe("auto's config-invalid words", () => {
  it('names the all-in bundle in a one-provider bundle, and the session endpoint in the all-in one', () => {
    const all = carries.all;
    try {
      carries.all = false;
      expect(say(new Problem('provider', 'provider', 'auto'))).toMatch(/needs the all-in bundle, kyc-widget\.js/);
      carries.all = true;
      expect(say(new Problem('provider', 'provider', 'auto'))).toMatch(/needs a session-endpoint/);
    } finally {
      carries.all = all;
    }
  });
});
