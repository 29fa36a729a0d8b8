import { afterEach, describe, expect, it } from 'vitest';
import {
  describeClickThrough,
  detailOf,
  eventTypes,
  expectForgeriesIgnored,
  expectSpyHearsNothing,
  fixtureCleanup,
  mountDemo,
  removeForgers,
  untilState,
} from '../helpers';

afterEach(() => {
  fixtureCleanup();
  removeForgers();
});

describe('veratad: the sandbox VX journey, in real Chromium', () => {
  // VX says nothing before a component finishes: `wait:50` keeps its first message behind the iframe's load event.
  it('ready on load; a component done (status object) → kyc-progress; the word PASS → kyc-complete approved', async () => {
    const { el, events } = await mountDemo('veratad', { script: 'wait:50,state:PENDING:DCAMS::NEXT,word:PASS' });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-progress', 'kyc-submit', 'kyc-complete']);
    expect(detailOf(events, 'kyc-progress')).toMatchObject({ provider: 'veratad', step: 'dcams' });
    expect(detailOf(events, 'kyc-complete')).toEqual({ provider: 'veratad', outcome: 'approved' });
  });

  it.each([
    ['object', 'state:FAIL:KBA', 'declined'],
    ['json', 'state:PASS:IDMATCH', 'approved'],
    ['object', 'word:FAIL', 'declined'],
    ['object', 'word:ALREADY%20VERIFIED', 'approved'],
  ])('%s: %s → outcome %s', async (encoding, step, outcome) => {
    const { el, events } = await mountDemo('veratad', { script: `wait:50,encoding:${encoding},${step}` });
    await untilState(el, 'complete');
    expect(detailOf(events, 'kyc-complete')?.outcome).toBe(outcome);
  });

  it('REATTEMPT → kyc-warning, and the same journey goes on to PASS', async () => {
    const { el, events } = await mountDemo('veratad', { script: 'wait:50,state:PENDING:DCAMS::REATTEMPT,word:PASS' });
    await untilState(el, 'complete');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-warning', 'kyc-submit', 'kyc-complete']);
  });

  it.each(['word:CLOSE', 'state::INIT::CLOSE'])('%s → kyc-cancel', async (step) => {
    const { el, events } = await mountDemo('veratad', { script: `wait:50,${step}` });
    await untilState(el, 'cancelled');
    expect(eventTypes(events)).toEqual(['kyc-ready', 'kyc-cancel']);
  });

  it.each([
    ['word:LINK%20EXPIRED', 'session-expired', 'LINK_EXPIRED', false],
    ['word:BOT%20DETECTED', 'provider-error', 'BOT_DETECTED', false],
    ['word:ERROR', 'provider-error', 'ERROR', true],
    ['state::INIT:BAD%20TOKEN:', 'session-expired', 'BAD_TOKEN', false],
    ['state::INIT:VELOCITY:', 'provider-error', 'VELOCITY', false],
  ])('%s → kyc-error %s', async (step, code, providerCode, recoverable) => {
    const { el, events } = await mountDemo('veratad', { script: `wait:50,${step}` });
    await untilState(el, 'error');
    expect(detailOf(events, 'kyc-error')).toMatchObject({ provider: 'veratad', code, providerCode, recoverable });
  });

  it('ignores VX words and objects forged by the host page, a second sandbox frame and a stranger', async () => {
    const { el, events } = await mountDemo('veratad');
    await untilState(el, 'ready');
    await expectForgeriesIgnored(el, events, [
      'PASS',
      'CLOSE',
      { status: 'PASS', component: 'DCAMS', error: '', event: '' },
    ]);
  });

  it('sends nothing to its frame once the frame has navigated to another origin', async () => {
    const { el } = await expectSpyHearsNothing('veratad', []);
    expect(el.state).toBe('ready');
  });
});

describeClickThrough('veratad', [
  ['PASS', 'complete'],
  ['Close (CLOSE)', 'cancelled'],
  ['LINK EXPIRED', 'error'],
]);
