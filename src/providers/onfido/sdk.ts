import type { Signal } from '../../protocols/types';
import { codeOf, quietly, type SdkAdapter, type SdkPort, type SdkSession } from '../../sdk/types';

/**
 * Onfido Web SDK v14 (docs/providers/onfido.md), from `onfido-sdk-ui@14.80.0` types/Onfido.d.ts and README:
 * `Onfido.init({token, containerEl, workflowRunId, onComplete, onError, onUserExit, …})` → a handle with
 * `addEventListener`, `removeEventListener` and `tearDown(): Promise<void>`, to be awaited before another init.
 * `onComplete` means every capture task ran: the decision is the workflow run's (webhook), so it is `pending`.
 */

interface Handle {
  addEventListener(name: string, listener: (data: unknown) => void): void;
  removeEventListener(name: string, listener: (data: unknown) => void): void;
  tearDown(): Promise<void>;
}
interface OnfidoApi {
  init(parameters: Record<string, unknown>): Handle;
}

/** The widget's languages as Onfido's `language` tags (README "language"; whether `ar` is offered is unsure). */
const LANGUAGES: Record<string, string> = {
  en: 'en_US',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  pt: 'pt_PT',
  'pt-BR': 'pt_BR',
};

/** `onError`'s types (README 14.79) the person cannot fix by trying again from the widget. */
const FINAL = new Set([
  'invalid_token',
  'expired_trial',
  'geoblocked_request',
  'unsupported',
  'unsupported_feature',
  'invalid_sdk_parameter',
  'unsupported_sdk_version',
]);

/** What an `onError({type, message})` means. */
export function onfidoError(error: unknown): Signal {
  const type = codeOf((error as { type?: unknown } | null)?.type);
  if (type === 'expired_token') return { type: 'token-expired' };
  if (type === 'user_consent_denied' || type === 'workflow_abandoned') return { type: 'cancel' };
  if (type === 'permissions_unavailable' || type === 'no_camera')
    return { type: 'error', code: 'camera-unavailable', message: `Onfido: ${type}`, providerCode: type };
  if (!type)
    // The loader hands a failed import of its runtime to onError as the raw error (Onfido.js, `.catch`).
    return { type: 'error', code: 'provider-error', message: 'Onfido reported an error without a type' };
  return {
    type: 'error',
    code: 'provider-error',
    message: `Onfido: ${type}`,
    recoverable: !FINAL.has(type),
    providerCode: type,
  };
}

const onfidoAdapter: SdkAdapter = {
  mount(vendor, port): SdkSession {
    const api = vendor as Partial<OnfidoApi> | undefined;
    if (typeof api?.init !== 'function') {
      port.signal({ type: 'error', code: 'provider-error', message: "Onfido's script has no Onfido.init" });
      return { stop() {} };
    }
    return new OnfidoSession(api as OnfidoApi, port);
  },
};

class OnfidoSession implements SdkSession {
  #handle: Handle | null = null;
  #started = false;
  #stopped = false;
  /** The last tearDown: Onfido asks that it be awaited before the next init. */
  #down: Promise<void> = Promise.resolve();
  readonly #api: OnfidoApi;
  readonly #port: SdkPort;
  readonly #moduleStart = (data: unknown) => {
    const name = codeOf((data as { name?: unknown; module?: unknown } | null)?.module);
    if (!this.#started) {
      this.#started = true;
      this.#port.signal({ type: 'start' });
    } else if (name) this.#port.signal({ type: 'progress', step: name });
  };

  constructor(api: OnfidoApi, port: SdkPort) {
    this.#api = api;
    this.#port = port;
    this.#init(port.token());
  }

  #init(token: string | undefined): void {
    const { context, box } = this.#port;
    const signal = (...signals: Signal[]) => {
      if (!this.#stopped) this.#port.signal(...signals);
    };
    const parameters: Record<string, unknown> = {
      token,
      containerEl: box,
      // Onfido's exit button (beta) is how the person leaves an inline flow: onUserExit('user_exit').
      showExitButton: true,
      onComplete: () => signal({ type: 'submit' }, { type: 'complete', outcome: 'pending' }),
      onError: (error: unknown) => signal(onfidoError(error)),
      onUserExit: () => signal({ type: 'cancel' }),
    };
    const run = context.options.workflowRunId;
    if (typeof run === 'string') parameters.workflowRunId = run;
    const language =
      typeof context.options.language === 'string' ? context.options.language : LANGUAGES[context.locale];
    if (language) parameters.language = language;
    try {
      const handle = this.#api.init(parameters);
      this.#handle = handle;
      handle.addEventListener('moduleStart', this.#moduleStart);
      signal({ type: 'ready' });
    } catch {
      signal({ type: 'error', code: 'provider-error', message: 'Onfido.init refused the parameters' });
    }
  }

  /** A new token: Onfido v14 takes none on a running instance, so tearDown, then init with it. */
  tokenRefreshed(token: string | null): void {
    if (this.#stopped || !token) return;
    this.#tearDown();
    void this.#down.then(() => {
      if (!this.#stopped) this.#init(token);
    });
  }

  stop(): Promise<void> {
    if (!this.#stopped) {
      this.#stopped = true;
      this.#tearDown();
    }
    return this.#down;
  }

  #tearDown(): void {
    const handle = this.#handle;
    this.#handle = null;
    if (!handle) return;
    quietly(() => handle.removeEventListener('moduleStart', this.#moduleStart));
    this.#down = (async () => {
      try {
        await handle.tearDown();
      } catch {
        // gone either way
      }
    })();
  }
}

export default onfidoAdapter;
