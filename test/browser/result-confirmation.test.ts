import { expect as chai } from '@open-wc/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, LANGUAGES, type Language } from '../../src/i18n/index';
import type { KycWidgetElement } from '../../src/index';
import { setDecisionClock, type DecisionClock } from '../../src/runtime/decision';
import { screenMessages, type ScreenMessages } from '../../src/ui/screen-messages';
import { attr, fixtureCleanup, scripted, untilState, widget } from './helpers';

/**
 * The result screen never says more than the server confirmed, table-tested in real Chromium: every outcome the
 * frame can claim × every state of the decision endpoint × every language the widget ships, each screen axe-clean.
 *
 * - none: no decision endpoint: "submitted", whatever the frame claimed;
 * - same / different: a neutral "checking your result" until the endpoint (test/support/decision-endpoint.ts, on
 *   the page's origin) decides, then the endpoint's decision, whether it agrees with the frame or not;
 * - timeout: the endpoint never decides; when the person has waited the patience (an injected clock, fired by the
 *   test), "the result will follow", never a guess;
 * - unreachable: an endpoint on a closed port: "the result will follow" at the first failed try.
 *
 * The frame's outcome stays in kyc-complete's detail in every case.
 */

type Outcome = 'approved' | 'declined' | 'pending';
type EndpointState = 'none' | 'same' | 'different' | 'timeout' | 'unreachable';

const OUTCOMES: Outcome[] = ['approved', 'declined', 'pending'];
const ENDPOINTS: EndpointState[] = ['none', 'same', 'different', 'timeout', 'unreachable'];
const SAME = { approved: 'approved', declined: 'declined', pending: 'review' } as const;
const DIFFERENT = { approved: 'declined', declined: 'approved', pending: 'approved' } as const;
/** The tag that names each language (a bare `pt` is Brazilian, as in CLDR). */
const TAG: Partial<Record<Language, string>> = { pt: 'pt-PT' };
/** Nothing listens on port 9 here; Chromium refuses it before connecting anyway (a network error either way). */
const UNREACHABLE = 'http://127.0.0.1:9/decision';

/** A patience timer the test fires itself. */
function manualClock(): DecisionClock & { fire(): void; armed(): number } {
  const timers = new Set<() => void>();
  return {
    patienceMs: 20_000,
    setTimeout: (callback) => {
      timers.add(callback);
      return callback;
    },
    clearTimeout: (handle) => void timers.delete(handle as () => void),
    fire: () => [...timers].forEach((callback) => (timers.delete(callback), callback())),
    armed: () => timers.size,
  };
}

let runs = 0;
function decisionEndpoint() {
  const id = `confirm-${Date.now()}-${runs++}`;
  return {
    url: `/__kyc/decision?id=${id}`,
    decide: (decision: string, session: string) =>
      fetch(`/__kyc/decision/decide?${new URLSearchParams({ id, decision, session })}`, { method: 'POST' }),
  };
}

async function texts(language: Language): Promise<ScreenMessages> {
  await loadLanguage(language);
  return screenMessages(language);
}

const resultOf = (el: KycWidgetElement) => el.shadowRoot!.querySelector<HTMLElement>('[part~="result"]');

/** The result screen once it shows `kind` (data-outcome) in the widget's language, axe-clean. */
async function screenShows(el: KycWidgetElement, kind: string, title: string): Promise<HTMLElement> {
  await expect.poll(() => resultOf(el)?.dataset.outcome, { timeout: 5000 }).toBe(kind);
  await expect.poll(() => resultOf(el)!.querySelector('h2')!.textContent, { timeout: 5000 }).toBe(title);
  await chai(el).to.be.accessible({ ignoredRules: ['region'] });
  axeRuns++;
  return resultOf(el)!;
}

/** No screen claims a result the server did not give: neither title of a decision appears. */
function claimsNothing(screen: HTMLElement, m: ScreenMessages): void {
  for (const kind of ['approved', 'declined', 'review'] as const) {
    expect(screen.textContent).not.toContain(m.resultTitle[kind]);
    expect(screen.textContent).not.toContain(m.resultText[kind]);
  }
}

let axeRuns = 0;
let clock: ReturnType<typeof manualClock> | undefined;
afterEach(() => {
  setDecisionClock();
  clock = undefined;
  document.querySelectorAll('kyc-widget').forEach((el) => el.remove());
  return fixtureCleanup();
});
afterAll(() => console.log(`result-confirmation: ${axeRuns} axe runs without a violation`));

describe('the result screen says no more than the server confirmed', () => {
  for (const language of LANGUAGES) {
    for (const outcome of OUTCOMES) {
      for (const state of ENDPOINTS) {
        it(`${language}: the frame says ${outcome}, decision endpoint ${state}`, async () => {
          const m = await texts(language);
          clock = manualClock();
          setDecisionClock(clock);
          const session = `inq_${runs}_${outcome}`;
          const api = decisionEndpoint();
          const endpoint = state === 'none' ? '' : state === 'unreachable' ? UNREACHABLE : api.url;
          const completed: Array<Record<string, unknown>> = [];
          const decided: Array<Record<string, unknown>> = [];
          const frame = scripted(['ready', 'start', 'submit', `complete:${outcome}`], { session });
          // Listening before the element is on the page: on a loaded machine the scripted flow can end first.
          const el = document.createElement('kyc-widget');
          el.setAttribute('locale', TAG[language] ?? language);
          el.setAttribute('session-url', frame);
          if (endpoint) el.setAttribute('decision-endpoint', endpoint);
          el.addEventListener('kyc-complete', (e) => completed.push({ ...e.detail }));
          el.addEventListener('kyc-decision', (e) => decided.push({ ...e.detail }));
          document.body.append(el);
          await untilState(el, 'complete');
          expect(completed).toEqual([{ provider: 'generic', sessionId: session, outcome }]);

          if (state === 'none') {
            const screen = await screenShows(el, 'pending', m.resultTitle.pending);
            claimsNothing(screen, m);
            expect(screen.querySelector('[part~="done-button"]')).not.toBeNull();
          } else if (state === 'unreachable') {
            const screen = await screenShows(el, 'later', m.later.title);
            expect(screen.textContent).toContain(m.later.text);
            claimsNothing(screen, m);
          } else {
            const checking = await screenShows(el, 'checking', m.checking.title);
            expect(checking.textContent).toContain(m.checking.text);
            claimsNothing(checking, m);
            expect(checking.querySelector('button')).toBeNull(); // nothing to do but wait
            if (state === 'timeout') {
              await expect.poll(() => clock!.armed()).toBe(1);
              clock.fire();
              const screen = await screenShows(el, 'later', m.later.title);
              claimsNothing(screen, m);
              expect(screen.querySelector('[part~="done-button"]')).not.toBeNull();
            } else {
              const decision = state === 'same' ? SAME[outcome] : DIFFERENT[outcome];
              await api.decide(decision, session);
              const screen = await screenShows(el, decision, m.resultTitle[decision]);
              expect(screen.textContent).toContain(m.resultText[decision]);
              expect(decided).toEqual([{ provider: 'generic', sessionId: session, decision, confirmed: true }]);
            }
          }
          if (state !== 'same' && state !== 'different') expect(decided).toEqual([]);
        });
      }
    }
  }

  it('after "the result will follow", a decision that arrives still shows', async () => {
    const m = await texts('en');
    clock = manualClock();
    setDecisionClock(clock);
    const api = decisionEndpoint();
    const frame = scripted(['ready', 'complete:approved'], { session: 'inq_late' });
    const el = await widget(
      `<kyc-widget session-url="${attr(frame)}" decision-endpoint="${attr(api.url)}"></kyc-widget>`,
    );
    await untilState(el, 'complete');
    await screenShows(el, 'checking', m.checking.title);
    await expect.poll(() => clock!.armed()).toBe(1);
    clock.fire();
    await screenShows(el, 'later', m.later.title);
    await api.decide('declined', 'inq_late');
    await screenShows(el, 'declined', m.resultTitle.declined);
    expect(el.decision).toBe('declined');
  });

  it('the host setting decision shows it at once, without an endpoint', async () => {
    const m = await texts('en');
    const frame = scripted(['ready', 'complete:pending'], { session: 'inq_host' });
    const el = await widget(`<kyc-widget session-url="${attr(frame)}"></kyc-widget>`);
    await untilState(el, 'complete');
    await screenShows(el, 'pending', m.resultTitle.pending);
    el.decision = 'approved';
    await screenShows(el, 'approved', m.resultTitle.approved);
  });
});
