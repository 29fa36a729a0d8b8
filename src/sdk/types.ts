/**
 * An SDK adapter (`sdk/<id>.ts`): the second kind of provider adapter, beside the frame protocols (`protocols/`).
 * Where a protocol decodes the messages of a frame the widget made, an adapter drives the vendor's own script,
 * which the runtime has loaded from the vendor's CDN (runtime/sdk-attempt.ts), and turns its callbacks into the same
 * `Signal`s. Only normalized fields leave it: never the vendor's objects.
 */
import type { Signal } from '../protocols/types';
import type { FrameContext } from '../providers/types';

/** What an adapter may use during one attempt. */
export interface SdkPort {
  /** Where an in-page SDK mounts (a box in the widget's shadow root); overlay SDKs leave it to the widget. */
  readonly box: HTMLElement;
  readonly context: FrameContext;
  /** The current token (a new one after a renewal). */
  token(): string | undefined;
  /** What the vendor's callbacks meant. After `stop`, nothing passes (the runtime drops it). */
  signal(...signals: Signal[]): void;
}

/** One attempt's vendor instance. */
export interface SdkSession {
  /**
   * Tears the vendor's UI down (its frames, listeners, overlay), as far as its API allows. Safe to call twice. The
   * promise (Onfido's tearDown) is awaited before the next attempt mounts.
   */
  stop(): Promise<void> | void;
  /** A renewed token (null: renewal failed): the vendor's instance is made again with it, where the API needs that. */
  tokenRefreshed?(token: string | null): void;
}

export interface SdkAdapter {
  /** `vendor`: what the loader gave (providers/types.ts `SdkFacts.delivery`) (the module's export or the global), unchecked: the adapter checks its shape. */
  mount(vendor: unknown, port: SdkPort): SdkSession;
}

/** A vendor's text, bounded and reduced to a code-like token (`expired_token`, `INVALID_LINK_TOKEN`), or undefined. */
export function codeOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : undefined;
}

/** Calls the vendor without letting its exception out (a vendor bug must not break the widget's loop). */
export function quietly(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch(() => {});
  } catch {
    // the vendor's instance is gone either way
  }
}
