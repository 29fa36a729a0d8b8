// Every input in its attribute form (`session-url`, text) and its property form (`sessionUrl`), in each typing the
// package ships: React (the <KycWidget> wrapper and <kyc-widget> in TSX), Vue, Svelte and HTMLElementTagNameMap.
// test/e2e/package.test.ts checks that each block names every attribute and property of the manifest.
import { KycWidget } from 'kyc-widget/react';
import type { KycWidgetAttributes } from 'kyc-widget';
import type {} from 'kyc-widget/svelte';
import type {} from 'kyc-widget/vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { GlobalComponents } from 'vue';

declare const url: string;
declare const token: string;
declare const timeout: string;

// React: <kyc-widget> in TSX (the JSX augmentation of kyc-widget/react).
export const reactElementAttributes = (
  <kyc-widget
    provider="persona"
    session-url={url}
    session-token={token}
    session-endpoint="/api/kyc/session"
    decision-endpoint="/api/kyc/decision"
    allowed-origins="https://a.example https://b.example"
    options='{"templateId":"itmpl_x"}'
    mode="modal"
    open
    locale="de"
    theme="dark"
    load-timeout={timeout}
    decision="approved"
    debug
  />
);
export const reactElementProperties = (
  <kyc-widget
    provider="persona"
    sessionUrl={url}
    sessionToken={token}
    sessionEndpoint="/api/kyc/session"
    decisionEndpoint="/api/kyc/decision"
    allowedOrigins="https://a.example"
    options={{ templateId: 'itmpl_x' }}
    mode="inline"
    open={false}
    locale="de"
    theme="light"
    loadTimeout={30000}
    decision="review"
    debug={false}
  />
);
// An attribute carries text: TypeScript lets an undeclared hyphenated JSX attribute through unchecked, so these
// fail only where the attribute form is declared.
// @ts-expect-error: session-url is text, not an object
export const reactElementMisuse = <kyc-widget session-url={{ href: url }} />;
// @ts-expect-error: load-timeout is a number of milliseconds, not an object
export const reactWrapperMisuse = <KycWidget load-timeout={{ ms: 1 }} />;

// React: the <KycWidget> wrapper of kyc-widget/react.
export const reactWrapperAttributes = (
  <KycWidget
    provider="persona"
    session-url={url}
    session-token={token}
    session-endpoint="/api/kyc/session"
    decision-endpoint="/api/kyc/decision"
    allowed-origins="https://a.example"
    options='{"templateId":"itmpl_x"}'
    mode="modal"
    open
    locale="de"
    theme="dark"
    load-timeout="30000"
    decision="approved"
    debug
  />
);
export const reactWrapperProperties = (
  <KycWidget
    provider="persona"
    sessionUrl={url}
    sessionToken={token}
    sessionEndpoint="/api/kyc/session"
    decisionEndpoint="/api/kyc/decision"
    allowedOrigins="https://a.example"
    options={{ templateId: 'itmpl_x' }}
    mode="inline"
    open={false}
    locale="de"
    theme="light"
    loadTimeout={30000}
    decision="review"
    debug={false}
  />
);

// Svelte 5 (svelte-check reads SvelteHTMLElements).
type Svelte = SvelteHTMLElements['kyc-widget'];
export const svelteAttributes: Svelte = {
  provider: 'persona',
  'session-url': url,
  'session-token': token,
  'session-endpoint': '/api/kyc/session',
  'decision-endpoint': '/api/kyc/decision',
  'allowed-origins': 'https://a.example',
  options: '{"templateId":"itmpl_x"}',
  mode: 'modal',
  open: true,
  locale: 'de',
  theme: 'dark',
  'load-timeout': '30000',
  decision: 'approved',
  debug: true,
};
export const svelteProperties: Svelte = {
  provider: 'persona',
  sessionUrl: url,
  sessionToken: token,
  sessionEndpoint: '/api/kyc/session',
  decisionEndpoint: '/api/kyc/decision',
  allowedOrigins: 'https://a.example',
  options: { templateId: 'itmpl_x' },
  mode: 'inline',
  open: false,
  locale: 'de',
  theme: 'light',
  loadTimeout: 30000,
  decision: 'review',
  debug: false,
};

// Vue (Volar and vue-tsc read GlobalComponents).
type Vue = InstanceType<GlobalComponents['kyc-widget']>['$props'];
export const vueAttributes: Vue = {
  provider: 'persona',
  'session-url': url,
  'session-token': token,
  'session-endpoint': '/api/kyc/session',
  'decision-endpoint': '/api/kyc/decision',
  'allowed-origins': 'https://a.example',
  options: '{"templateId":"itmpl_x"}',
  mode: 'modal',
  open: true,
  locale: 'de',
  theme: 'dark',
  'load-timeout': '30000',
  decision: 'approved',
  debug: true,
};
export const vueProperties: Vue = {
  provider: 'persona',
  sessionUrl: url,
  sessionToken: token,
  sessionEndpoint: '/api/kyc/session',
  decisionEndpoint: '/api/kyc/decision',
  allowedOrigins: 'https://a.example',
  options: { templateId: 'itmpl_x' },
  mode: 'inline',
  open: false,
  locale: 'de',
  theme: 'light',
  loadTimeout: 30000,
  decision: 'review',
  debug: false,
};

// The DOM: HTMLElementTagNameMap types the element (properties); KycWidgetAttributes types the attribute text.
export const domAttributes: KycWidgetAttributes = {
  provider: 'persona',
  'session-url': url,
  'session-token': token,
  'session-endpoint': '/api/kyc/session',
  'decision-endpoint': '/api/kyc/decision',
  'allowed-origins': 'https://a.example',
  options: '{"templateId":"itmpl_x"}',
  mode: 'modal',
  open: true,
  locale: 'de',
  theme: 'dark',
  'load-timeout': '30000',
  decision: 'approved',
  debug: true,
};
export function domProperties(element = document.createElement('kyc-widget')) {
  for (const [name, value] of Object.entries(domAttributes)) element.setAttribute(name, String(value));
  element.provider = 'persona';
  element.sessionUrl = url;
  element.sessionToken = token;
  element.sessionEndpoint = '/api/kyc/session';
  element.decisionEndpoint = '/api/kyc/decision';
  element.allowedOrigins = 'https://a.example';
  element.options = { templateId: 'itmpl_x' };
  element.mode = 'inline';
  element.open = false;
  element.locale = 'de';
  element.theme = 'light';
  element.loadTimeout = 30000;
  element.decision = 'review';
  element.debug = false;
  return element;
}
