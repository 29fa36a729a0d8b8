import type { Signal } from '../../protocols/types';
import type { SdkAdapter, SdkPort, SdkSession } from '../../sdk/types';

/**
 * Jumio's web component `<jumio-sdk>` (docs/providers/jumio.md), from `@jumio/websdk@0.3.19`: a Lit element with its
 * own shadow root (index2.d.ts `JumioSdkComponent`: properties `token`, `dc`, `locale`), which the host's page defines
 * by importing the package. Its events are `CustomEvent`s that bubble and cross shadow roots, dispatched on the element
 * (js/index.BEBD0ZpD.js `HU`: `{bubbles, composed, cancelable, detail: {type, locale, accountId, workflowId,
 * workflowExecutionId}}`): `workflow:start` when its start screen shows, `workflow:success` when the acquisition is
 * `SUCCESS` or `PENDING` (submitted, not decided: `pending`), `workflow:failed` (acquisition failed or its error
 * screen; no error code in `detail`), `workflow:retry`. It has no ready and no cancel event; removing it tears it
 * down (its `disconnectedCallback`). Its events stop at the element: the host hears the widget's instead. Run for
 * real in test/browser/jumio-conformance.test.ts, against the sandbox's stand-in for its API.
 */

const EVENTS = ['workflow:start', 'workflow:success', 'workflow:failed', 'workflow:retry'] as const;

/**
 * `<jumio-sdk>`'s `locale` values (js/index.BEBD0ZpD.js, its locale enum, checked by `Tp`). With any other, its element
 * never starts its workflow (its store's `HE` wants a known locale before it calls its API): no event, no error, its
 * setup screen for ever. So an `options.locale` it does not know gives way to the widget's language (all seven known).
 */
const LOCALES = new Set(
  (
    'ar az bg bn bn_IN bn-IN ca ceb ceb_PH ceb-PH cs da de el en en_GB en-GB en_US en-US es es_MX es-MX et fi fil ' +
    'fil_PH fil-PH fr fr_CA fr-CA ga he hi hi_IN hi-IN hr hu hy id it is ja jv jv_ID jv-ID ka_GE ka-GE kk km km_KH ' +
    'km-KH ko lt lv ms my my_MM my-MM nl no pl pt pt_BR pt-BR ro ru sk sr_Cyrl sr-Cyrl sr sr_Latn sr-Latn sl sv sq sw ' +
    'th tr uk ur uz vi zh zh_CN zh-CN zh_HK zh-HK'
  ).split(' '),
);

/** The element's `locale`: `options.locale` when Jumio knows it, else the widget's language. */
export function jumioLocale(option: unknown, widget: string): string {
  return typeof option === 'string' && LOCALES.has(option) ? option : widget;
}

/** What one of its events means (only its type is read: `detail` carries Jumio's ids, never passed on). */
export function jumioEvent(type: string, started: boolean): Signal[] {
  switch (type) {
    case 'workflow:start':
      return started ? [] : [{ type: 'start' }];
    case 'workflow:success':
      return [{ type: 'submit' }, { type: 'complete', outcome: 'pending' }];
    case 'workflow:failed':
      return [{ type: 'error', code: 'provider-error', message: 'Jumio: the workflow failed', recoverable: true }];
    case 'workflow:retry':
      return [{ type: 'progress', step: 'retry' }];
    default:
      return [];
  }
}

const jumioAdapter: SdkAdapter = {
  mount(vendor, port): SdkSession {
    if (typeof vendor !== 'function') {
      port.signal({ type: 'error', code: 'provider-error', message: 'the page defines no <jumio-sdk> element' });
      return { stop() {} };
    }
    return new JumioSession(port);
  },
};

class JumioSession implements SdkSession {
  #element: HTMLElement | null;
  #started = false;
  #stopped = false;
  readonly #port: SdkPort;
  readonly #listener = (event: Event) => {
    if (event.target !== this.#element) return;
    // Jumio's own event, with its ids in `detail`, goes no further than the widget's box: the host hears the
    // widget's normalized events instead.
    event.stopPropagation();
    if (this.#stopped) return;
    const signals = jumioEvent(event.type, this.#started);
    if (event.type === 'workflow:start') this.#started = true;
    if (signals.length) this.#port.signal(...signals);
  };

  constructor(port: SdkPort) {
    this.#port = port;
    const { box, context } = port;
    const element = box.ownerDocument.createElement('jumio-sdk');
    const dc = context.options.dc;
    // Properties (typed values, no attribute parsing). Jumio's element reflects `token`, `dc` and `locale` to its
    // attributes all the same (Lit `reflect: true`): the token is in the widget's shadow DOM while the element lives.
    Object.assign(element, {
      token: port.token(),
      dc: dc === 'eu' || dc === 'sgp' ? dc : 'us',
      locale: jumioLocale(context.options.locale, context.locale),
    });
    for (const name of EVENTS) element.addEventListener(name, this.#listener);
    this.#element = element;
    box.append(element);
    // Jumio's element says nothing when it is ready: mounted is as far as the page can know.
    port.signal({ type: 'ready' });
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    const element = this.#element;
    this.#element = null;
    if (!element) return;
    for (const name of EVENTS) element.removeEventListener(name, this.#listener);
    element.remove();
  }
}

export default jumioAdapter;
