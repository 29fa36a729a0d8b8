import type { Signal } from '../../protocols/types';
import { codeOf, quietly, type SdkAdapter, type SdkPort, type SdkSession } from '../../sdk/types';

/**
 * Plaid Link for Identity Verification (docs/providers/plaid.md), from `react-plaid-link@5.0.0` src/types:
 * `Plaid.create({token, onSuccess, onExit, onEvent, onLoad})` → `{open(), exit({force}), destroy()}`; `destroy()`
 * removes Link's iframe. `onSuccess` fires even when the verification failed: `pending`, the decision is the
 * server's (`/identity_verification/get`, the webhook).
 */

interface Handler {
  open(): void;
  destroy(): void;
}
interface PlaidApi {
  create(config: Record<string, unknown>): Handler;
}

/** Link's error codes that a new link token fixes (Plaid: "INVALID_LINK_TOKEN … create a new link_token"). */
const EXPIRED = new Set(['INVALID_LINK_TOKEN']);
/** Error types Plaid says are transient. */
const TRANSIENT = new Set(['RATE_LIMIT_EXCEEDED', 'API_ERROR', 'INSTITUTION_ERROR']);

/** What `onExit(error, metadata)` means: null is the person leaving. */
export function plaidExit(error: unknown): Signal {
  if (error === null || error === undefined) return { type: 'cancel' };
  const { error_code: code, error_type: type } = error as { error_code?: unknown; error_type?: unknown };
  const providerCode = codeOf(code);
  if (providerCode && EXPIRED.has(providerCode)) return { type: 'token-expired' };
  const kind = codeOf(type);
  return {
    type: 'error',
    code: 'provider-error',
    message: `Plaid Link: ${providerCode ?? 'an error'}`,
    recoverable: kind === undefined || TRANSIENT.has(kind),
    ...(providerCode ? { providerCode } : {}),
  };
}

const plaidAdapter: SdkAdapter = {
  mount(vendor, port) {
    const api = vendor as Partial<PlaidApi> | undefined;
    if (typeof api?.create !== 'function') {
      port.signal({ type: 'error', code: 'provider-error', message: "Plaid's script has no Plaid.create" });
      return { stop() {} };
    }
    return new PlaidSession(api as PlaidApi, port);
  },
};

class PlaidSession implements SdkSession {
  #handler: Handler | null = null;
  #stopped = false;
  #started = false;
  readonly #api: PlaidApi;
  readonly #port: SdkPort;

  constructor(api: PlaidApi, port: SdkPort) {
    this.#api = api;
    this.#port = port;
    this.#create(port.token());
  }

  #create(token: string | undefined): void {
    const signal = (...signals: Signal[]) => {
      if (!this.#stopped) this.#port.signal(...signals);
    };
    let handler: Handler | null = null;
    try {
      handler = this.#api.create({
        token,
        onLoad: () => {
          signal({ type: 'ready' });
          // After create() has returned (a stand-in may call onLoad at once): Link opens over the page.
          queueMicrotask(() => {
            if (!this.#stopped && handler && handler === this.#handler) quietly(() => handler!.open());
          });
        },
        onSuccess: () => signal({ type: 'submit' }, { type: 'complete', outcome: 'pending' }),
        onExit: (error: unknown) => signal(plaidExit(error)),
        // Only OPEN (and LAYER_*) arrive in real time; the IDV step events come at the end (Plaid's docs).
        onEvent: (name: unknown) => {
          if (name === 'OPEN' && !this.#started) {
            this.#started = true;
            signal({ type: 'start' });
          }
        },
      });
      this.#handler = handler;
    } catch {
      signal({ type: 'error', code: 'provider-error', message: 'Plaid.create refused the configuration' });
    }
  }

  tokenRefreshed(token: string | null): void {
    if (this.#stopped || !token) return;
    this.#destroy();
    this.#create(token);
  }

  stop(): void {
    this.#stopped = true;
    this.#destroy();
  }

  #destroy(): void {
    const handler = this.#handler;
    this.#handler = null;
    if (handler) quietly(() => handler.destroy());
  }
}

export default plaidAdapter;
