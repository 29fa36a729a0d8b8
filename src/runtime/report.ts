import type { ResolvedFrame } from '../element/resolve';
import type { Event } from '../flow/model';

/** What the controller (controller.ts) is told, and what it reads before a step's effects. */

export type StepEvent = Event<ResolvedFrame>;
type WithInputs = Extract<StepEvent, { config: unknown }>;
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as reported; what it needs of the inputs is read when its turn comes. */
export type Report =
  | Exclude<StepEvent, WithInputs | { type: 'input' }>
  | Without<WithInputs, 'config'>
  | Omit<Extract<StepEvent, { type: 'input' }>, 'open' | 'decision'>;

/** Read before a step's effects: where focus was. */
export interface Focus {
  /** In the widget (or the modal is open). */
  inside: boolean;
  /** On a control in the shadow root. */
  active: boolean;
  /** On the loading screen. */
  onLoading: boolean;
}

/** An exception in a step or a host listener, reported where developers look (the console, `window.onerror`). */
export function reportError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}
