import { afterEach, describe, expect, it } from 'vitest';
import { fixtureCleanup, frameSrc, record, SANDBOX, scriptDone, untilState, waitUntil, widget } from './helpers';

/**
 * The widget's own frame (second origin) posts payloads a structured clone keeps and JSON cannot hold, or that
 * explode when walked as a tree (sandbox/public/assets/pathological.js). Each is a generic `complete`
 * that the widget would act on if it took it; the frame then says `ready` and "pathological-done". The widget
 * must ignore every one and still work: ready, no outcome, no error.
 */

const listeners: Array<(event: MessageEvent) => void> = [];
afterEach(() => {
  fixtureCleanup();
  listeners.splice(0).forEach((listen) => window.removeEventListener('message', listen));
});

/**
 * The widget on the pathological page, posting each payload named in `send` `repeat` times. `posted()` waits for
 * what the page says it posted (its `pathological-done`, after the payloads and its `ready`): read from the page, so
 * a payload the page did not post cannot pass as ignored.
 */
async function mount(send: string[], repeat = 1) {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  const src = new URL(
    `${SANDBOX}/pathological?${new URLSearchParams({ send: send.join(','), repeat: String(repeat) })}`,
  ).href;
  let said: Record<string, number> | undefined;
  const listen = (event: MessageEvent) => {
    const data = event.data as { sandbox?: unknown; href?: unknown; posted?: Record<string, number> } | null;
    if (data?.sandbox === 'pathological-done' && data.href === src) said = data.posted;
  };
  window.addEventListener('message', listen);
  listeners.push(listen);
  el.sessionUrl = src;
  await frameSrc(el);
  const posted = async () => {
    await waitUntil(() => said, `the page ${src} never said what it posted`, { timeout: 30000 });
    return said!;
  };
  return { el, events, src, posted };
}

/** Each payload named, `repeat` times: what the page must say it posted. */
const each = (send: string[], repeat: number) => Object.fromEntries(send.map((name) => [name, repeat]));

describe('pathological payloads from the frame', () => {
  it('the control: the same frame posting a plain complete completes the flow', async () => {
    const { el, events, posted } = await mount(['plain']);
    await untilState(el, 'complete');
    expect(events.names()).toContain('kyc-complete');
    expect(await posted()).toEqual({ plain: 1 });
  });

  it('a payload name the page does not know fails the test loudly, and posts nothing', async () => {
    const { src } = await mount(['cycle', 'cylce']);
    await expect(scriptDone(src)).rejects.toThrow('unknown payload "cylce"');
  });

  it.each([
    ['a cycle', ['cycle']],
    ['a cycle after 70 KB of data', ['cycle-late']],
    ['a DAG bomb (2^40 leaves as a tree)', ['dag']],
    ['1 MB of text', ['huge']],
    ['50,000 fields', ['wide']],
    ['a sparse array of length 2^32 - 1', ['sparse']],
    ['a 200,000-item array', ['long']],
    ['a typed array, Map, Set, Date and BigInt', ['exotic']],
  ])('ignores %s, and still works', async (_name, send) => {
    const { el, events, posted } = await mount(send, 3);
    // `ready` comes after the payloads, in order: once the widget is ready, it has handled all of them.
    await untilState(el, 'ready', 30000);
    expect(await posted()).toEqual(each(send, 3));
    expect(events.names()).not.toContain('kyc-complete');
    expect(events.names()).not.toContain('kyc-error');
    expect(el.state).toBe('ready');
  });

  it('the cheap-to-send ones, 20 rounds, then a real flow on top', async () => {
    const send = ['cycle', 'cycle-late', 'dag', 'sparse'];
    const { el, events, posted } = await mount(send, 20);
    await untilState(el, 'ready', 30000);
    expect(await posted()).toEqual(each(send, 20));
    expect(events.names()).not.toContain('kyc-complete');
    el.sessionUrl = `${SANDBOX}/pathological?send=plain`;
    await untilState(el, 'complete');
  });
});
