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
    | 'decisionEndpoint'
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

type Kebab<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : S;

/** The text an attribute carries for a property's value: a boolean attribute is present or not; the rest is text. */
type AttributeValue<T> = T extends boolean
  ? boolean
  : T extends number
    ? number | string
    : T extends string
      ? T
      : string;

/**
 * The element's inputs under their attribute names, with attribute values (`session-url="…"`,
 * `load-timeout="30000"`, `options='{"templateId":"…"}'`): what `setAttribute` and a template's attribute form take.
 * One-word inputs (`provider`, `mode`, `open`…) have one name for both forms.
 */
export type KycWidgetAttributes = {
  [K in keyof KycWidgetInputs as Kebab<K>]?: AttributeValue<NonNullable<KycWidgetInputs[K]>>;
};

/** A template's inputs: each one in its property form (`sessionUrl`) and in its attribute form (`session-url`). */
export type KycWidgetTemplateInputs = KycWidgetInputs & Omit<KycWidgetAttributes, keyof KycWidgetInputs>;

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** `onkyc-complete`: React 19 and Svelte 5 listen to `on` + the event's own name. */
export type KycWidgetEventProps = {
  [K in KycEventName as `on${K}`]?: (event: CustomEvent<KycEventDetails[K]>) => void;
};

/**
 * `on:kyc-complete`: Svelte's event directive, the Svelte 4 way (still how most Svelte code is written, and what
 * Svelte 5 keeps for components without runes). svelte-check types it as an attribute of that name.
 */
export type KycWidgetSvelteEventDirectives = {
  [K in KycEventName as `on:${K}`]?: (event: CustomEvent<KycEventDetails[K]>) => void;
};

/** `onKycComplete`: what Vue's compiler makes of `@kyc-complete`. */
export type KycWidgetVueEventProps = {
  [K in KycEventName as `on${Pascal<K>}`]?: (event: CustomEvent<KycEventDetails[K]>) => void;
};
