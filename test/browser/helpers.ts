import { fixture, fixtureCleanup, oneEvent, waitUntil } from '@open-wc/testing';
import { inject } from 'vitest';
import { defineKycWidget, type KycWidgetElement } from '../../src/index';

export { fixture, fixtureCleanup, oneEvent, waitUntil };

defineKycWidget();

/** The sandbox provider (second origin) and a stranger (third origin). */
export const SANDBOX = inject('sandbox');
export const STRANGER = inject('stranger');

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

const EVENTS = ['kyc-statechange', 'kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete', 'kyc-cancel', 'kyc-error'];

/** Records every kyc-* event that reaches `target` (document by default: they must cross the shadow root). */
export function record(target: EventTarget = document): Recorded[] & { stop(): void; names(): string[] } {
  const events = [] as unknown as Recorded[] & { stop(): void; names(): string[] };
  const listener = (event: Event) => events.push({ type: event.type, detail: { ...(event as CustomEvent).detail } });
  for (const name of EVENTS) target.addEventListener(name, listener);
  events.stop = () => EVENTS.forEach((name) => target.removeEventListener(name, listener));
  events.names = () => events.map((e) => (e.type === 'kyc-statechange' ? `state:${e.detail.state}` : e.type));
  return events;
}

export async function widget(html: string): Promise<KycWidgetElement> {
  return fixture<KycWidgetElement>(html);
}

export function frameOf(el: KycWidgetElement): HTMLIFrameElement | null {
  return el.shadowRoot!.querySelector('iframe');
}

export async function untilState(el: KycWidgetElement, state: string, timeout = 8000): Promise<void> {
  await waitUntil(() => el.state === state, `state never became ${state} (is ${el.state})`, { timeout });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Escapes a value for an HTML attribute in fixtures. */
export function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
