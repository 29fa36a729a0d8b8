import { afterEach, describe, expect, it } from 'vitest';
import type { KycWidgetElement } from '../../src/index';
import { fixtureCleanup, frameOf, SANDBOX, settle, untilState, widget } from './helpers';

/**
 * A load timeout longer than a timer can hold (2^31 - 1 ms) means no practical limit, never "at once".
 * Each case runs next to a control widget with a short timeout on the same silent frame: once the control
 * has timed out, the long one has had longer than that, so "still loading" is evidence, not a guess.
 */

afterEach(() => fixtureCleanup());

/** `long` gets its timeout before its session URL: the timeout is read when the frame is requested. */
async function pair(
  long: (el: KycWidgetElement) => void,
): Promise<{ el: KycWidgetElement; control: KycWidgetElement }> {
  const box = await widget(`<div>
    <kyc-widget class="long"></kyc-widget>
    <kyc-widget class="control" load-timeout="300"></kyc-widget>
  </div>`);
  const el = box.querySelector<KycWidgetElement>('.long')!;
  const control = box.querySelector<KycWidgetElement>('.control')!;
  long(el);
  el.sessionUrl = `${SANDBOX}/silent`;
  control.sessionUrl = `${SANDBOX}/silent?control`;
  await expect.poll(() => frameOf(el)).not.toBeNull();
  return { el, control };
}

describe('load-timeout beyond what a timer holds', () => {
  it.each(['2147483648', '3000000000', '1e308'])('load-timeout="%s": the frame is still waiting', async (value) => {
    const { el, control } = await pair((el) => el.setAttribute('load-timeout', value));
    await untilState(control, 'error');
    expect(control.lastError?.code).toBe('frame-load-timeout');
    await settle();
    expect(el.state).toBe('loading');
    expect(el.lastError).toBeNull();
    expect(frameOf(el)).not.toBeNull();
  });

  it('the same as a property (el.loadTimeout = 3e9)', async () => {
    const { el, control } = await pair((el) => (el.loadTimeout = 3e9));
    await untilState(control, 'error');
    await settle();
    expect(el.loadTimeout).toBe(3e9);
    expect(el.state).toBe('loading');
    expect(frameOf(el)).not.toBeNull();
  });

  it('the largest delay a timer holds (2147483647) waits too', async () => {
    const { el, control } = await pair((el) => el.setAttribute('load-timeout', '2147483647'));
    await untilState(control, 'error');
    await settle();
    expect(el.state).toBe('loading');
  });
});
