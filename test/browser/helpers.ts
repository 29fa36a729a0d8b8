import { fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import { loadRuntime } from '../../src/element/handover';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';
import { PROVIDER_DEMOS } from '../../sandbox/catalog.mjs';
import { FRAME_PROVIDER_IDS, type FrameProviderId } from '../support/providers';
import { waitUntil } from '../support/wait';

export { fixture, fixtureCleanup, html, oneEvent, waitUntil };

defineKycWidget();

/** The sandbox provider (second origin) and a stranger (third origin). */
export const SANDBOX = inject('sandbox');
export const STRANGER = inject('stranger');
/** A host that never answers (test/support/servers.ts). */
export const SILENT = inject('silent');

export function sandbox(path: string, origin = SANDBOX): string {
  return `${origin}${path}`;
}

/** A scripted generic-protocol frame: `script('ready', 'start', 'complete:approved')`. */
export function scripted(steps: string[], extra: Record<string, string> = {}, origin = SANDBOX): string {
  const query = new URLSearchParams({ script: steps.join(','), ...extra });
  return `${origin}/generic?${query}`;
}

export interface Recorded {
  type: string;
  detail: Record<string, unknown>;
}

const EVENTS = [
  'kyc-statechange',
  'kyc-ready',
  'kyc-start',
  'kyc-progress',
  'kyc-submit',
  'kyc-complete',
  'kyc-cancel',
  'kyc-error',
  'kyc-warning',
  'kyc-close',
];

/** Records every kyc-* event that reaches `target` (document by default: they must cross the shadow root). */
export function record(target: EventTarget = document): Recorded[] & { stop(): void; names(): string[] } {
  const events = [] as unknown as Recorded[] & { stop(): void; names(): string[] };
  const listener = (event: Event) =>
    events.push({ type: event.type, detail: { ...(event as CustomEvent<Record<string, unknown>>).detail } });
  for (const name of EVENTS) target.addEventListener(name, listener);
  events.stop = () => EVENTS.forEach((name) => target.removeEventListener(name, listener));
  events.names = () => events.map((e) => (e.type === 'kyc-statechange' ? `state:${e.detail.state}` : e.type));
  return events;
}

export async function widget(html: string): Promise<KycWidgetElement> {
  return fixture<KycWidgetElement>(html);
}

export function frameOf(el: KycWidgetElement): HTMLIFrameElement | null {
  return el.shadowRoot!.querySelector('iframe[part~="frame"]'); // the provider's frame, not a warm-up frame
}

/** Waits for a state that lasts (for an instant state, wait for its event instead). */
export async function untilState(el: KycWidgetElement, state: string, timeout = 8000): Promise<void> {
  try {
    await waitUntil(() => el.state === state, `state never became ${state}`, { timeout, interval: 10 });
  } catch {
    throw new Error(`state never became ${state} within ${timeout} ms (it is ${el.state} now)`);
  }
}

/**
 * Frame URLs whose scripted run has ended. A message posted just before the widget removed its frame
 * still arrives, with `source` null (so the widget's guard drops it): the page says which frame it was.
 */
const scriptsDone = new Set<string>();
/** Frame URLs whose `together:` burst has been delivered to this page (see burstDelivered). */
const burstsDone = new Set<string>();
/**
 * Scripted sandbox pages that failed (an unknown step, at the top or inside `together:`, or an action that threw),
 * by frame URL: a typo in a script would otherwise shorten it and let an exactly-once test pass. Any failure fails
 * the running test (afterEach below), and scriptDone/burstDelivered at once.
 */
const scriptsFailed = new Map<string, string>();
const failuresThrown = new Set<string>();
window.addEventListener('message', (event) => {
  const data = event.data as { sandbox?: unknown; href?: unknown; error?: unknown } | null;
  if (typeof data?.href !== 'string') return;
  if (data.sandbox === 'script-done') scriptsDone.add(data.href);
  if (data.sandbox === 'together-done') burstsDone.add(data.href);
  if (data.sandbox === 'together-start') holdMainThread(BURST_HOLD_MS);
  if (data.sandbox === 'script-failed') scriptsFailed.set(data.href, String(data.error));
});

/** Throws when the sandbox script at `href` failed (without `href`: any whose failure was not thrown yet). */
function throwIfScriptFailed(href?: string): void {
  const failed = [...scriptsFailed].filter(([at]) => (href === undefined ? !failuresThrown.has(at) : at === href));
  for (const [at] of failed) failuresThrown.add(at);
  if (failed.length)
    throw new Error(`sandbox script failed: ${failed.map(([at, error]) => `${error} (${at})`).join('; ')}`);
}

afterEach(() => throwIfScriptFailed());

/**
 * How long the page's main thread is held when a `together:` burst starts. The frame is out of process: a message
 * still on its way when the widget removes the frame (on the burst's first ending) may be dropped by Chromium.
 * Held here, before any listener of the widget sees the burst, every message of it is queued at this page first.
 * Not a wait for an assertion: a device that makes the later endings arrive.
 */
const BURST_HOLD_MS = 150;

function holdMainThread(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: the frame's messages queue up meanwhile
  }
}

/**
 * The sandbox step that posts `steps` in one task (`together:`): the widget's page receives them back to back,
 * queued behind the first, before the widget can react to any of them. The page then posts `together-done`.
 */
export function together(...steps: string[]): string {
  return `together:${encodeURIComponent(steps.join(','))}`;
}

/**
 * Resolves once the `together:` burst of the page at `src` has been delivered to this window, and the widget has
 * had one more task: every message of the burst reached the page the widget listens in, none was lost with the
 * frame. The proof a "said twice, happened once" test needs that the second saying did arrive.
 */
export async function burstDelivered(src: string): Promise<void> {
  await waitUntil(
    () => burstsDone.has(src) || scriptsFailed.has(src),
    `the sandbox page ${src} never delivered its together: burst`,
    { timeout: 5000 },
  );
  throwIfScriptFailed(src);
  await settle();
}

/** The URL of the widget's frame, once the frame exists. */
export async function frameSrc(el: KycWidgetElement): Promise<string> {
  await expect.poll(() => frameOf(el)?.src, { timeout: 5000 }).toBeTruthy();
  return frameOf(el)!.src;
}

/**
 * Resolves once the scripted sandbox page at `src` has posted every step (its last message,
 * `script-done`, was delivered, so every earlier one was too) and the widget has had the chance to
 * handle them: the positive check a test needs before it asserts that something did *not* happen.
 * For a flow that ends (the widget removes its frame), post the ending steps with `together()` and
 * wait with `burstDelivered` instead: what a removed frame had not yet delivered may be dropped.
 */
export async function scriptDone(src: string, { timeout = 8000 } = {}): Promise<void> {
  await waitUntil(
    () => scriptsDone.has(src) || scriptsFailed.has(src),
    `the sandbox page ${src} never finished its script`,
    { timeout, interval: 10 },
  );
  throwIfScriptFailed(src);
  await settle();
}

/**
 * The widget's runtime chunk is here (the boot fetches it at once; on a test file's fresh page the first
 * elements run on the boot until it arrives), then one macrotask: every input batch (resolved in a microtask
 * at the end of the task that set it) and every step it queued has run. A test that asserts "nothing
 * happened" awaits this, not a guessed delay.
 */
export async function settle(): Promise<void> {
  await loadRuntime();
  return new Promise((resolve) => setTimeout(resolve));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Escapes a value for an HTML attribute in fixtures. */
export function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

// ---- provider sandbox pages (sandbox/catalog.mjs) -------------------------------------

/**
 * Every provider the widget frames has a sandbox page. The SDK-hosted ones (the vendor's own script) have the
 * sandbox's stand-in loaders instead, and tests of their own (sdk-helpers.ts).
 */
export type DemoProvider = FrameProviderId;
export const DEMO_PROVIDERS: readonly DemoProvider[] = FRAME_PROVIDER_IDS;

export interface DemoOptions {
  /** Comma-separated steps of the page's scripted mode (see public/assets/<provider>.js). */
  script?: string | string[];
  /** The id the page reports, or a unique URL part for providers that report none. */
  session?: string;
  params?: Record<string, string>;
}

export interface DemoInputs {
  provider: string;
  sessionUrl: string;
  sessionToken?: string;
  options?: Record<string, unknown>;
  allowedOrigins: string;
}

let demoCounter = 0;

/** A session id no other test in this run uses (the pages' `once:` steps key on the frame URL). */
export function uniqueSession(prefix = 'sbx_test'): string {
  return `${prefix}${Date.now().toString(36)}${(demoCounter++).toString(36)}`;
}

/** The catalog's widget inputs for one provider's sandbox page, on SANDBOX (or the same paths on `origin`). */
export function demoInputs(provider: DemoProvider, options: DemoOptions = {}, origin = SANDBOX): DemoInputs {
  const script = Array.isArray(options.script) ? options.script.join(',') : options.script;
  return (PROVIDER_DEMOS[provider] as (origin: string, o: object) => DemoInputs)(origin, { ...options, script });
}

/** Sets inputs as properties (sessionToken is a secret: never an attribute), all in one task. */
export function applyInputs(el: KycWidgetElement, inputs: DemoInputs): void {
  el.provider = inputs.provider as KycWidgetElement['provider'];
  el.allowedOrigins = inputs.allowedOrigins;
  if (inputs.options) el.options = inputs.options;
  if (inputs.sessionToken !== undefined) el.sessionToken = inputs.sessionToken;
  el.sessionUrl = inputs.sessionUrl;
}

/**
 * An idle `<kyc-widget>` in a fixture, recording from before it gets its inputs, then given the
 * provider's sandbox inputs: the recording holds the whole run from `state:loading` on.
 */
export async function mountDemo(provider: DemoProvider, options: DemoOptions = {}) {
  const inputs = demoInputs(provider, options);
  const el = await widget('<kyc-widget></kyc-widget>');
  const events = record(el);
  applyInputs(el, inputs);
  const frame = await frameSrc(el);
  return { el, events, inputs, frame };
}

/** An iframe on `origin`'s /forge page posting `message` to this window `repeat` times (`as`: see forge.js). */
export function forgeFrom(
  origin: string,
  message: string,
  as: 'object' | 'json' | 'string' = 'object',
  repeat = 2,
): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.className = 'forger';
  frame.src = `${origin}/forge?${new URLSearchParams({ send: message, as, repeat: String(repeat), delay: '10' })}`;
  document.body.append(frame);
  return frame;
}

export function removeForgers(): void {
  document.querySelectorAll('iframe.forger').forEach((frame) => frame.remove());
}

/**
 * Posts each provider-shaped message from every window that is not the widget's frame: this page
 * itself, a second iframe served from the sandbox (the provider's own origin) and one from the
 * stranger origin. Strings are posted as strings, anything else as the object; resolves once every
 * forged message has been delivered here (and so to the widget's listener), plus a short settle.
 */
export async function forgeEverywhere(messages: unknown[], repeat = 2): Promise<void> {
  const frames: HTMLIFrameElement[] = [];
  let delivered = 0;
  const expected = messages.length * repeat * 3;
  const done = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source !== window && !frames.some((frame) => frame.contentWindow === event.source)) return;
      if (++delivered >= expected) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
  for (const message of messages) {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    const as = typeof message === 'string' ? 'string' : 'object';
    frames.push(forgeFrom(SANDBOX, text, as, repeat), forgeFrom(STRANGER, text, as, repeat));
    for (let i = 0; i < repeat; i++) window.postMessage(message, '*');
  }
  await done;
  await settle();
}

/** Collects what /spy pages on STRANGER report having received (each report: every message so far). */
export function spyReports(): { reports: string[][]; stop(): void } {
  const reports: string[][] = [];
  const listener = (event: MessageEvent) => {
    const data = event.data as { spy?: unknown; received?: string[] } | null;
    if (event.origin === STRANGER && data?.spy && data.received) reports.push(data.received);
  };
  window.addEventListener('message', listener);
  return { reports, stop: () => window.removeEventListener('message', listener) };
}

/** The `navigate:` step that sends a sandbox page to the stranger's /spy. */
export const NAVIGATE_TO_SPY = `navigate:${encodeURIComponent(`${STRANGER}/spy`)}`;

/** Types of the recorded events, without state changes. */
export function eventTypes(events: Recorded[]): string[] {
  return events.filter((e) => e.type !== 'kyc-statechange').map((e) => e.type);
}

export function detailOf(events: Recorded[], type: string): Record<string, unknown> | undefined {
  return events.find((e) => e.type === type)?.detail;
}

/**
 * Vitest scales its test iframe down when the configured viewport is larger than the window, and
 * Playwright then misplaces clicks inside cross-origin frames: interactive tests use a viewport that
 * fits, and put the default back afterwards.
 */
export async function fitViewport(fit = true): Promise<void> {
  await (fit ? page.viewport(800, 600) : page.viewport(414, 896));
}

/**
 * Clicks buttons (by accessible name) in the provider page inside the widget's iframe, in order.
 * The last click is not awaited: it usually ends the flow, and the widget then removes the iframe while
 * the click is still being acknowledged, which would leave the click waiting until it times out. Callers
 * wait for the state the click leads to instead.
 */
export async function clickInFrame(el: KycWidgetElement, ...names: string[]): Promise<void> {
  const frame = page.frameLocator(page.elementLocator(frameOf(el)!));
  const last = names.pop();
  for (const name of names) await frame.getByRole('button', { name, exact: true }).click();
  if (last !== undefined)
    void frame
      .getByRole('button', { name: last, exact: true })
      .click()
      .catch(() => {});
}

/**
 * The demo's click-through for one provider's interactive sandbox page: for each [button, state], a fresh
 * widget, once it reaches `from` (the page's first state), clicks the button and must reach `state`.
 */
export function describeClickThrough(
  provider: DemoProvider,
  cases: Array<[button: string, state: string]>,
  from = 'ready',
): void {
  describe(`${provider}: the interactive page (the demo’s click-through)`, () => {
    beforeAll(() => fitViewport());
    afterAll(() => fitViewport(false));

    it.each(cases)('“%s” → %s', async (button, state) => {
      const { el } = await mountDemo(provider);
      await untilState(el, from);
      await clickInFrame(el, button);
      await untilState(el, state);
    });
  });
}

/** Forges `messages` from every other window (see forgeEverywhere): no event, same state, same iframe afterwards. */
export async function expectForgeriesIgnored(
  el: KycWidgetElement,
  events: Recorded[],
  messages: unknown[],
): Promise<void> {
  const before = events.length;
  const state = el.state;
  const frame = frameOf(el);
  await forgeEverywhere(messages);
  expect(events.slice(before)).toEqual([]);
  expect(el.state).toBe(state);
  expect(frameOf(el)).toBe(frame);
}

/**
 * Runs the provider page's `steps`, then sends the frame to the stranger's /spy. Once the spy is up,
 * `then(el)` may make the widget post something (a token hand-over); the spy must go on reporting
 * that it received nothing. Resolves with the widget and its recording.
 */
export async function expectSpyHearsNothing(
  provider: DemoProvider,
  steps: string[],
  then?: (el: KycWidgetElement) => void | Promise<void>,
) {
  const spy = spyReports();
  try {
    const mounted = await mountDemo(provider, { script: [...steps, NAVIGATE_TO_SPY] });
    await expect.poll(() => spy.reports.length, { timeout: 5000 }).toBeGreaterThan(0);
    await then?.(mounted.el);
    const seen = spy.reports.length;
    await expect.poll(() => spy.reports.length, { timeout: 5000 }).toBeGreaterThan(seen + 2);
    expect(spy.reports.at(-1)).toEqual([]);
    return mounted;
  } finally {
    spy.stop();
  }
}

/** A frame's flow from the widget's first state to the person's start, as every provider that says both reports it. */
export const STARTED = ['state:loading', 'state:ready', 'kyc-ready', 'state:in-progress', 'kyc-start'];
