import { afterEach, describe, expect, it } from 'vitest';
import { fixtureCleanup, frameOf, scripted, untilState } from './helpers';

afterEach(() => fixtureCleanup());

let runs = 0;

/** An endpoint on the test page's origin answering with `url`, and the number of requests it got. */
function endpoint(url: string) {
  const id = `binding-${Date.now()}-${runs++}`;
  return {
    url: `/__kyc/session?${new URLSearchParams({ id, plan: 'ok,ok,ok', url })}`,
    asked: async (): Promise<number> =>
      ((await (await fetch(`/__kyc/session/log?id=${id}`)).json()) as unknown[]).length,
  };
}

/**
 * The session endpoint's answer belongs to its binding (the endpoint and the provider it serves): it is the
 * model's (flow/sessions.ts `absorb`), and the controller reads the inputs with it only while the binding is the
 * same, so another endpoint is asked, never answered by the old one's session.
 */
describe('the session endpoint’s answer and its binding', () => {
  it('another endpoint: the old answer is forgotten, the new endpoint is asked, and its frame loads', async () => {
    const first = scripted(['ready'], { run: 'first' });
    const second = scripted(['ready'], { run: 'second' });
    const a = endpoint(first);
    const b = endpoint(second);
    const el = document.createElement('kyc-widget');
    el.sessionEndpoint = a.url;
    document.body.append(el);
    await untilState(el, 'ready');
    expect(frameOf(el)?.src).toBe(first);

    el.sessionEndpoint = b.url;
    await expect.poll(() => b.asked()).toBe(1);
    await expect.poll(() => frameOf(el)?.src).toBe(second);
    await untilState(el, 'ready');
    expect(await a.asked()).toBe(1);
    el.remove();
  });

  it('the same endpoint: a new configuration is read with its answer, without asking again', async () => {
    const frame = scripted(['ready'], { run: 'same' });
    const a = endpoint(frame);
    const el = document.createElement('kyc-widget');
    el.sessionEndpoint = a.url;
    document.body.append(el);
    await untilState(el, 'ready');
    el.theme = 'dark'; // a configuration pass that changes nothing of the session
    el.options = { anything: 1 }; // and one that launches again: the answer still resolves the frame
    await expect.poll(() => el.state).toBe('ready');
    expect(frameOf(el)?.src).toBe(frame);
    expect(await a.asked()).toBe(1);
    el.remove();
  });
});
