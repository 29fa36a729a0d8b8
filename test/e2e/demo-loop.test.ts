import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../sandbox/keys.mjs';
import { buildWebhook } from '../../sandbox/webhooks.mjs';
import { startDemo } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium';

/**
 * The loop `npm start` shows, as a person runs it: the demo's backend creates the session through the provider's
 * session API (the sandbox's copy), the person picks an outcome in the sandbox frame, the sandbox sends the
 * provider's signed webhook to the backend, the backend verifies it, and the page shows the server-confirmed
 * decision (the widget's kyc-decision, from its decision endpoint) apart from what the browser heard.
 */
let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemo>>;

beforeAll(async () => {
  demo = await startDemo();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function openDemo(provider: string): Promise<{ page: Page; problems: string[] }> {
  // Tall enough that no step needs scrolling (see demo.test.ts).
  const page = await browser.newPage({ viewport: { width: 1200, height: 2000 } });
  page.setDefaultTimeout(10000);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${demo.host.origin}/?provider=${provider}`);
  return { page, problems };
}

/** The buttons a person clicks in each sandbox frame; the last one ends the flow (the widget removes the frame). */
const FLOWS: [provider: string, clicks: string[], decision: string, clientSaid: string][] = [
  ['persona', ['Start', 'Complete: approved'], 'approved', 'approved'],
  ['sumsub', ['Identity document step', 'Submit', 'Declined (RED)'], 'declined', 'declined'],
  ['veriff', ['Start', 'Submit', 'Finish: resubmission requested'], 'review', 'pending'],
  ['didit', ['Start', 'Submit', 'Approved'], 'approved', 'approved'],
  ['idenfy', ['Waiting for a manual review'], 'review', 'pending'],
  // The SDK-hosted providers: the buttons are in the vendor's UI (the sandbox's stand-in), in the widget's box
  // (Onfido) or over the page (Stripe's modal, Plaid Link); a capture is never a decision, so the client says pending.
  ['onfido', ['Submit (approved)'], 'approved', 'pending'],
  ['stripe', ['Submit (declined)'], 'declined', 'pending'],
  ['plaid', ['Submit (review)'], 'review', 'pending'],
];

/** Where the person's buttons are: the provider's frame in the widget, or the SDK stand-in's frame. */
function frameSelector(provider: string): string {
  if (provider === 'onfido') return 'kyc-widget iframe[data-sandbox-sdk]';
  return ['stripe', 'plaid'].includes(provider) ? 'iframe[data-sandbox-sdk]' : 'kyc-widget iframe[part="frame"]';
}

const text = (page: Page, selector: string) => page.locator(selector).textContent();

describe('the demo loop: session API → frame → signed webhook → server-confirmed decision', () => {
  for (const [provider, clicks, decision, clientSaid] of FLOWS) {
    it(`${provider}: the page shows the decision a verified webhook confirmed, apart from the client's outcome`, async () => {
      const ofProvider = () => [...demo.sandbox.sessions.values()].filter((s) => s.provider === provider);
      const before = ofProvider().length;
      const { page, problems } = await openDemo(provider);
      // Nothing to configure: with a session API, the session comes from the backend.
      expect(await page.locator('select[name=session]').inputValue()).toBe('endpoint');
      const frame = page.frameLocator(frameSelector(provider));
      const last = clicks.pop()!;
      for (const name of clicks) await frame.getByRole('button', { name, exact: true }).click();
      void frame
        .getByRole('button', { name: last, exact: true })
        .click()
        .catch(() => {});
      // Plaid's webhook takes the most hops (the backend fetches Plaid's key, then the verification's status): on a
      // busy machine it needed more than 10 s.
      await expect.poll(() => text(page, '#server-decision'), { timeout: 20000 }).toBe(`${decision} ✓`);
      expect(await text(page, '#server-note')).toContain('signature verified');
      await expect.poll(() => text(page, '#client-outcome')).toBe(clientSaid);
      expect(await page.evaluate(() => document.querySelector('kyc-widget')!.decision)).toBe(decision);
      // It went through the provider's session API: the sandbox created this session and sent its webhook. The
      // sandbox notes the webhook's status once the backend's answer is back, which may be after the page showed
      // the decision: waited for, not read at once.
      const created = ofProvider();
      expect(created.length).toBe(before + 1);
      expect(created.at(-1)).toMatchObject({ decision });
      await expect.poll(() => created.at(-1)!.webhookStatus).toBe(200);
      // Where the provider's frame reports its session's id, it is the one the API created and the webhook names.
      if (['persona', 'sumsub', 'didit'].includes(provider))
        expect(await page.evaluate(() => document.querySelector('kyc-widget')!.sessionId)).toBe(
          created.at(-1)!.sessionId,
        );
      expect(problems).toEqual([]);
      await page.close();
    }, 60000);
  }

  it('refuses a tampered or unsigned webhook, and the confirmed decision stays', async () => {
    const { page, problems } = await openDemo('persona');
    const frame = page.frameLocator('kyc-widget iframe[part="frame"]');
    await frame.getByRole('button', { name: 'Start', exact: true }).click();
    void frame
      .getByRole('button', { name: 'Complete: approved', exact: true })
      .click()
      .catch(() => {});
    await expect.poll(() => text(page, '#server-decision'), { timeout: 10000 }).toBe('approved ✓');
    // The widget's decision endpoint, as JSON: {decision, provider, sessionId, occurredAt}.
    type Known = { decision: string; provider: string; sessionId: string; occurredAt: string };
    const known = () =>
      page.evaluate(async () => (await (await fetch('/api/kyc-decision?provider=persona')).json()) as Known);
    const answer = await known();
    expect(answer).toMatchObject({ decision: 'approved', provider: 'persona' });

    // Two genuine webhooks for this very session, signed with the backend's secret: "review" and "declined".
    const signed = (decision: 'approved' | 'declined' | 'review', secret = SANDBOX_WEBHOOK_SECRET) =>
      buildWebhook('persona', { sessionId: answer.sessionId, decision, secret, now: Date.now() });
    const review = signed('review');
    const declined = signed('declined');
    const send = (body: string, headers: Record<string, string>) =>
      fetch(`${demo.host.origin}/api/kyc-webhook/persona`, { method: 'POST', headers, body });
    // Tampered: the "declined" body under the "review" webhook's signature. Unsigned. Signed with another secret.
    expect((await send(declined.body, review.headers)).status).toBe(401);
    expect((await send(declined.body, { 'Content-Type': 'application/json' })).status).toBe(401);
    const forged = signed('declined', `whsec_${Buffer.from('not-the-backends-secret-000').toString('base64')}`);
    expect((await send(forged.body, forged.headers)).status).toBe(401);
    expect((await known()).decision).toBe('approved');
    expect(await text(page, '#server-decision')).toBe('approved ✓');

    // The control: a genuine webhook, untouched, is accepted, and the backend follows it (the widget stopped asking
    // once it knew the first decision).
    expect((await send(review.body, review.headers)).status).toBe(200);
    expect((await known()).decision).toBe('review');
    // Replayed, it is the event already recorded: nothing changes.
    const replay = await send(review.body, review.headers);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await known()).decision).toBe('review');
    expect(problems).toEqual([]);
    await page.close();
  });
  it.each(['frame', 'api'] as const)(
    'auto with the first provider broken (%s): the person reaches the second, the page logs what happened',
    async (outage) => {
      const { page, problems } = await openDemo(`auto&outage=${outage}`);
      try {
        // Longer than the default wait by cause: with the frame broken, ready comes only after the demo's 6 s load
        // timeout (examples/html/demo.js) and then Persona's frame, on a page loaded cold.
        await page.waitForFunction(() => document.querySelector('kyc-widget')!.state === 'ready', null, {
          timeout: 30000,
        });
        const logged = (name: string) =>
          page.$$eval(
            '#log li',
            (items, wanted) =>
              items
                .filter((item) => item.querySelector('.name')!.textContent === wanted)
                .map(
                  (item) => JSON.parse(item.textContent!.slice(String(wanted).length + 1)) as Record<string, unknown>,
                ),
            name,
          );
        expect(await logged('kyc-ready')).toEqual([{ provider: 'persona' }]);
        // The frame that never answers is left by the widget (kyc-warning); a session API answering 503, by the backend.
        const warnings = await logged('kyc-warning');
        if (outage === 'frame')
          expect(warnings).toMatchObject([{ code: 'provider-switched', provider: 'persona', previous: 'veriff' }]);
        else expect(warnings).toEqual([]);
        expect(await logged('kyc-error')).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await fetch(`${demo.sandbox.origin}/sandbox/outage`, {
          method: 'POST',
          body: JSON.stringify({ provider: 'veriff', outage: 'none' }),
        });
        await page.close();
      }
    },
    60000,
  );
});
