/**
 * Stand-in for Jumio's web component `<jumio-sdk>` (`@jumio/websdk@0.3.19`, which the host imports: the package is
 * UNLICENSED, so neither the widget nor this sandbox serves Jumio's code). Importing this module defines the element,
 * as importing the package does. What it follows, read from the package: a custom element with its own shadow root,
 * properties `token`, `dc` (`eu` | `us` | `sgp`), `locale`, getters `accountId`, `workflowId`, `workflowExecutionId`
 * (index2.d.ts `JumioSdkComponent`); its events dispatched on the element itself as `CustomEvent(type, {bubbles: true,
 * composed: true, cancelable: true, detail: {type, locale, accountId, workflowId, workflowExecutionId}})`
 * (js/index.BEBD0ZpD.js `HU`), `workflow:start` when the start screen shows, `workflow:success` for an acquisition
 * that is SUCCESS or PENDING, `workflow:failed`, `workflow:retry`; torn down when removed (`disconnectedCallback`).
 * Like Jumio's Lit element (`reflect: true` on `token`, `dc`, `locale`), it writes those properties back to its
 * attributes once connected, the token included (test/browser/jumio-conformance.test.ts sees the real one do it).
 * Wrong shapes are refused loudly (core.js); a token the page put in an attribute itself is refused too (Jumio's
 * element would take it: the widget is meant to give properties). The UI is the sandbox's frame (/sdk/ui.html?vendor=jumio), scripted by
 * the token: `module:<name>` (the first one is the start screen), `event:RETRY`, `complete` (success), `error:<code>`.
 */
import { recordCall, refuse, vendorFrame } from '../core.js';

const V = 'jumio';
const DCS = ['eu', 'us', 'sgp'];

class JumioSdkStandIn extends HTMLElement {
  #token = '';
  #dc = undefined;
  #locale = 'en';
  #ui = null;
  #started = false;
  #reflected = undefined;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  set token(value) {
    this.#token = value;
  }
  get token() {
    return this.#token;
  }
  set dc(value) {
    this.#dc = value;
  }
  get dc() {
    return this.#dc;
  }
  set locale(value) {
    this.#locale = value;
  }
  get locale() {
    return this.#locale;
  }
  get accountId() {
    return 'sbx-account-0001';
  }
  get workflowId() {
    return '10011';
  }
  get workflowExecutionId() {
    return 'sbx-wfe-0001';
  }

  connectedCallback() {
    recordCall(V, 'connect', { token: this.#token, dc: this.#dc, locale: this.#locale });
    if (this.hasAttribute('token') && this.getAttribute('token') !== this.#reflected) {
      refuse(V, 'the token was given as an attribute, not as the property');
    }
    // Lit's first update, a microtask after connecting: the properties reflected.
    queueMicrotask(() => {
      if (!this.isConnected) return;
      this.#reflected = String(this.#token);
      this.setAttribute('token', this.#reflected);
      this.setAttribute('dc', String(this.#dc));
      this.setAttribute('locale', String(this.#locale));
    });
    if (typeof this.#token !== 'string' || !this.#token) refuse(V, 'token must be the SDK token (a non-empty string)');
    if (!DCS.includes(this.#dc)) refuse(V, `dc must be one of ${DCS.join(', ')}`);
    this.#ui = vendorFrame(V, this.#token, {
      into: this.shadowRoot,
      onMessage: (data) => {
        if (data.type === 'loaded') this.#ui?.go();
        else if (data.type === 'module' && !this.#started) {
          this.#started = true;
          this.#emit('workflow:start');
        } else if (data.type === 'event' && data.name === 'RETRY') this.#emit('workflow:retry');
        else if (data.type === 'complete') this.#emit('workflow:success');
        else if (data.type === 'error') this.#emit('workflow:failed');
        else if (data.type === 'burst') {
          // Every ending at once, in one task: the host must hear one.
          this.#emit('workflow:success');
          this.#emit('workflow:success');
          this.#emit('workflow:failed');
        }
      },
    });
  }

  disconnectedCallback() {
    recordCall(V, 'disconnect', undefined);
    this.#ui?.remove();
    this.#ui = null;
  }

  #emit(type) {
    const detail = {
      type,
      locale: this.#locale,
      accountId: this.accountId,
      workflowId: this.workflowId,
      workflowExecutionId: this.workflowExecutionId,
    };
    this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, cancelable: true, detail }));
  }
}

if (!customElements.get('jumio-sdk')) customElements.define('jumio-sdk', JumioSdkStandIn);
