import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { fixtureCleanup, mountDemo, scripted, uniqueSession, untilState, widget } from './helpers';

afterEach(() => fixtureCleanup());

/**
 * The runtime as events in, effects out (runtime/controller.ts running flow/step.ts), seen from a host:
 * one frame message that moves the flow twice (Persona's `complete` is a submit and a complete) is one
 * step, yet every listener reads the state its own event is about; and a call a listener makes waits for
 * the step under way (its events come after the step's own).
 */

const SEEN = ['kyc-statechange', 'kyc-submit', 'kyc-complete'] as const;

function watch(el: KycWidgetElement): string[] {
  const seen: string[] = [];
  for (const name of SEEN)
    el.addEventListener(name, (event) => {
      const detail = (event as CustomEvent<{ state?: string }>).detail;
      seen.push(`${name}${detail.state ? `(${detail.state})` : ''} while ${el.state}`);
    });
  return seen;
}

describe('the runtime, from the host', () => {
  it('one message, two transitions: each listener sees the state of its own event', async () => {
    const session = uniqueSession('inq_rt');
    const { el } = await mountDemo('persona', {
      session,
      script: ['load', 'ready', 'check-flow', 'start', 'complete:approved'],
    });
    const seen = watch(el);
    await untilState(el, 'complete');
    expect(seen.slice(-4)).toEqual([
      'kyc-statechange(submitted) while submitted',
      'kyc-submit while submitted',
      'kyc-statechange(complete) while complete',
      'kyc-complete while complete',
    ]);
  });

  it('retry() inside kyc-statechange(error) waits: the kyc-error of the same step is dispatched first', async () => {
    const el = document.createElement('kyc-widget') as KycWidgetElement;
    const order: string[] = [];
    let retried = false;
    el.addEventListener('kyc-error', () => order.push('kyc-error'));
    el.addEventListener('kyc-statechange', (event) => {
      const { state } = (event as CustomEvent<{ state: string }>).detail;
      order.push(`state:${state}`);
      if (state === 'error' && !retried) {
        retried = true;
        el.retry();
        order.push(`after retry(): ${el.state}`);
      }
    });
    el.sessionUrl = scripted(['ready', 'error:flaky']);
    document.body.append(el);
    await expect.poll(() => order.filter((e) => e === 'state:loading').length).toBe(2);
    // The window up to the second loading, which the poll waited for: later events do not matter here.
    const from = order.indexOf('state:error');
    expect(order.slice(from, from + 4)).toEqual(['state:error', 'after retry(): error', 'kyc-error', 'state:loading']);
    el.remove();
  });

  it('start() inside kyc-statechange(loading) waits its turn: one frame request per step, in order', async () => {
    const el = await widget('<kyc-widget></kyc-widget>');
    const loading: string[] = [];
    let restarted = false;
    el.addEventListener('kyc-statechange', (event) => {
      const { state } = (event as CustomEvent<{ state: string }>).detail;
      if (state !== 'loading') return;
      loading.push(el.shadowRoot!.querySelector('iframe') ? 'iframe' : 'none');
      if (!restarted) {
        restarted = true;
        el.start();
        // Not yet: the element is still carrying out the step that said loading.
        loading.push(`after start(): ${el.state}`);
      }
    });
    el.sessionUrl = scripted(['ready']);
    await untilState(el, 'ready');
    // start() from loading stays loading (no second statechange), and the frame was there each time.
    expect(loading).toEqual(['iframe', 'after start(): loading']);
    expect(el.shadowRoot!.querySelectorAll('iframe')).toHaveLength(1);
  });
});
