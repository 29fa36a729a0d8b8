/**
 * `<KycWidget>` for React hosts (React is a peer dependency). A thin wrapper over the custom element:
 * inputs are set as properties (so `sessionToken` never becomes an attribute) and the `kyc-*` events
 * are exposed as typed callback props. Importing this module has no side effect; the tag is defined
 * on first mount, in the browser only.
 */
import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type * as React from 'react';
import type { KycWidgetAttributes, KycWidgetEventProps, KycWidgetTemplateInputs } from './frameworks';
import type { KycEventDetails, KycEventName } from './element/events';
import { INPUTS, type Inputs } from './element/inputs';
import { defineKycWidget, type KycWidgetElement } from './index';

export type { KycWidgetElement } from './index';
export type { KycEventDetails } from './element/events';

type Handler<K extends KycEventName> = (event: CustomEvent<KycEventDetails[K]>) => void;

/** The attribute form of the inputs whose attribute name differs from the property's (`session-url`…). */
type KebabInputs = Omit<KycWidgetAttributes, keyof Inputs>;

export interface KycWidgetProps extends Partial<Omit<Inputs, 'options'>>, KebabInputs {
  /** An object, or its JSON text (the attribute form). */
  options?: Record<string, unknown> | string;
  onStateChange?: Handler<'kyc-statechange'>;
  onReady?: Handler<'kyc-ready'>;
  onStart?: Handler<'kyc-start'>;
  onProgress?: Handler<'kyc-progress'>;
  onSubmit?: Handler<'kyc-submit'>;
  onComplete?: Handler<'kyc-complete'>;
  onCancel?: Handler<'kyc-cancel'>;
  onError?: Handler<'kyc-error'>;
  onWarning?: Handler<'kyc-warning'>;
  onDecision?: Handler<'kyc-decision'>;
  onClose?: Handler<'kyc-close'>;
  className?: string;
  style?: CSSProperties;
  id?: string;
  lang?: string;
  hidden?: boolean;
  title?: string;
  /** `data-*` and `aria-*` attributes are passed to the element as they are. */
  [attribute: `data-${string}` | `aria-${string}`]: string | number | boolean | undefined;
  /** Slotted content: elements with slot="loading" | "result" | "error". */
  children?: ReactNode;
  /**
   * The widget as `renderKycWidget` (kyc-widget/server) rendered it, from a server component: the server's HTML
   * holds it, with its declarative shadow root and the provider's frame, inside a `<div>`; hydration keeps that DOM
   * as it is (the client's render of it has no `<template>`, and React never writes it again), and the element adopts
   * the root and the frame. Its inputs are the markup's: a prop sets a property only when given. No children
   * (slots go in the markup). Not for a client-side navigation to the page: without the server's HTML there is no
   * root to adopt (the element builds its own, from the markup's attributes).
   */
  rendered?: string;
}

/** The rendered widget without its declarative shadow root: what the client renders in its place. */
const withoutRoot = (html: string) => html.replace(/<template shadowrootmode="open">[\s\S]*<\/template>/, '');

const HANDLERS: ReadonlyArray<[keyof KycWidgetProps, KycEventName]> = [
  ['onStateChange', 'kyc-statechange'],
  ['onReady', 'kyc-ready'],
  ['onStart', 'kyc-start'],
  ['onProgress', 'kyc-progress'],
  ['onSubmit', 'kyc-submit'],
  ['onComplete', 'kyc-complete'],
  ['onCancel', 'kyc-cancel'],
  ['onError', 'kyc-error'],
  ['onWarning', 'kyc-warning'],
  ['onDecision', 'kyc-decision'],
  ['onClose', 'kyc-close'],
];

/** Each input's property name, and its attribute name where that differs (`session-url` is set as `sessionUrl`). */
const PROPERTIES: ReadonlyArray<[keyof Inputs, string]> = INPUTS.map((row) => [row.property, row.attribute]);

export const KycWidget = forwardRef<KycWidgetElement | null, KycWidgetProps>(function KycWidget(props, ref) {
  const element = useRef<KycWidgetElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  // The first render's markup, kept: a later render never writes the element again. The server renders it whole.
  const [rendered] = useState(() =>
    props.rendered === undefined
      ? undefined
      : typeof window === 'undefined'
        ? props.rendered
        : withoutRoot(props.rendered),
  );
  useLayoutEffect(() => {
    if (box.current) element.current = box.current.querySelector('kyc-widget');
  }, []);
  useImperativeHandle(ref, () => element.current as KycWidgetElement, []);

  // Define before the first property is set, so that the element's own accessors receive them.
  useLayoutEffect(() => {
    defineKycWidget();
  }, []);

  useLayoutEffect(() => {
    const el = element.current as unknown as Record<string, unknown> | null;
    if (!el) return;
    const given = props as unknown as Record<string, unknown>;
    for (const [name, attribute] of PROPERTIES) {
      const value = given[name] ?? given[attribute];
      if (rendered !== undefined && value === undefined) continue; // the markup's input stands
      if (el[name] !== value) el[name] = value;
    }
  });

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const listeners = HANDLERS.map(([prop, type]) => {
      const listener = (event: Event) => (latest.current[prop] as ((e: Event) => void) | undefined)?.(event);
      el.addEventListener(type, listener);
      return () => el.removeEventListener(type, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);

  // Attributes only: the inputs, in either form, are set as properties above (during SSR none is rendered, so no token reaches the HTML).
  const attributes: Record<string, unknown> = {
    ref: element,
    className: props.className,
    style: props.style,
    id: props.id,
    lang: props.lang,
    hidden: props.hidden,
    title: props.title,
  };
  for (const [name, value] of Object.entries(props)) if (/^(data|aria)-/.test(name)) attributes[name] = value;
  if (rendered !== undefined) {
    // Hydration keeps the server's DOM (the root and its frame); the client's own markup differs by the root only.
    return createElement('div', {
      ...attributes,
      ref: box,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: rendered },
    });
  }
  return createElement('kyc-widget', attributes, props.children);
});

/**
 * `<kyc-widget>` used directly in TSX (React 19 sets the inputs as properties and `onkyc-complete` listens to
 * the event). Each input type-checks in its property form (`sessionUrl`) and its attribute form (`session-url`). Define the tag before the first render (`import 'kyc-widget/define'`): React sets a property
 * only on an element that has it, and would write `sessiontoken` as an attribute on one not yet defined.
 */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'kyc-widget': Omit<
        React.DetailedHTMLProps<React.HTMLAttributes<KycWidgetElement>, KycWidgetElement>,
        keyof KycWidgetTemplateInputs
      > &
        KycWidgetTemplateInputs &
        KycWidgetEventProps;
    }
  }
}
