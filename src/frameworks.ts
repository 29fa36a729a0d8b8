import type { KycEventDetails, KycEventName } from './element/events';
import type { KycWidgetElement } from './element/kyc-widget';

/** The element's inputs as a framework's template types them: every one optional. */
export type KycWidgetInputs = Partial<
  Pick<
    KycWidgetElement,
    | 'provider'
    | 'sessionUrl'
    | 'sessionToken'
    | 'sessionEndpoint'
    | 'allowedOrigins'
    | 'mode'
    | 'open'
    | 'locale'
    | 'theme'
    | 'loadTimeout'
    | 'decision'
    | 'debug'
  >
> & {
  /** An object, or its JSON text (text survives a tag defined after the framework's first render; an object would arrive as "[object Object]"). */
  options?: Record<string, unknown> | string;
};

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** `onkyc-complete`: React 19 and Svelte 5 listen to `on` + the event's own name. */
export type KycWidgetEventProps = {
  [K in KycEventName as `on${K}`]?: (event: CustomEvent<KycEventDetails[K]>) => void;
};

/** `onKycComplete`: what Vue's compiler makes of `@kyc-complete`. */
export type KycWidgetVueEventProps = {
  [K in KycEventName as `on${Pascal<K>}`]?: (event: CustomEvent<KycEventDetails[K]>) => void;
};
