import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { fixtureCleanup, frameSrc, record, SANDBOX, untilState, widget } from './helpers';

/**
 * The widget's own frame (second origin) posts payloads a structured clone keeps and JSON cannot hold, or that
 * explode when walked as a tree (sandbox/public/assets/pathological.js). Each is a generic `complete`
 * that the widget would act on if it took it; the frame then says `ready` and "pathological-done". The widget
 * must ignore every one and still work: ready, no outcome, no error.
 */

afterEach(() => fixtureCleanup());

async function mount(send: string[], repeat = 1): Promise<{ el: KycWidgetElement; events: ReturnType<typeof record> }> {
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  el.sessionUrl = `${SANDBOX}/pathological?${new URLSearchParams({ send: send.join(','), repeat: String(repeat) })}`;
  await frameSrc(el);
  return { el, events };
}

describe('pathological payloads from the frame', () => {
  it('the control: the same frame posting a plain complete completes the flow', async () => {
    const { el, events } = await mount(['plain']);
    await untilState(el, 'complete');
    expect(events.names()).toContain('kyc-complete');
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
    const { el, events } = await mount(send, 3);
    // `ready` comes after the payloads, in order: once the widget is ready, it has handled all of them.
    await untilState(el, 'ready', 30000);
    expect(events.names()).not.toContain('kyc-complete');
    expect(events.names()).not.toContain('kyc-error');
    expect(el.state).toBe('ready');
  });

  it('the cheap-to-send ones, 20 rounds, then a real flow on top', async () => {
    const { el, events } = await mount(['cycle', 'cycle-late', 'dag', 'sparse'], 20);
    await untilState(el, 'ready', 30000);
    expect(events.names()).not.toContain('kyc-complete');
    el.sessionUrl = `${SANDBOX}/pathological?send=plain`;
    await untilState(el, 'complete');
  });
});
