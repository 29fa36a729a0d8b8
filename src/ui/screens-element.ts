import r2wc from '@r2wc/react-to-web-component';
import SCREEN_CSS from './screen-styles.css?inline';
import { Screens } from './Screens';
import { adoptStyles, BUTTON_CSS } from '../styles/styles';
import { SCREEN_EVENTS, SCREEN_PROPS } from './view';

/**
 * The lazily loaded UI chunk: the React screens wrapped with r2wc as an internal custom element, which
 * `<kyc-widget>` places in its shadow root. It renders into its own light DOM (no shadow of its own), so
 * that the screens' `<slot>`s are `<kyc-widget>`'s slots and its stylesheet applies.
 */

/**
 * The class is made on the first definition, not when the module is evaluated: the one-file IIFE inlines this
 * chunk and evaluates it on load, and r2wc's class extends `HTMLElement`, which Node (SSR) does not have.
 */
function screensElement(): CustomElementConstructor {
  const Base = r2wc(Screens, { props: SCREEN_PROPS, events: SCREEN_EVENTS }) as unknown as typeof HTMLElement;
  return class KycWidgetScreens extends Base {
    connectedCallback(): void {
      const root = this.getRootNode();
      if (root instanceof ShadowRoot) {
        adoptStyles(root, BUTTON_CSS);
        adoptStyles(root, SCREEN_CSS);
      }
      (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this);
    }

    /** `moveBefore()` of the outer element: React keeps its tree (r2wc alone would unmount it). */
    connectedMoveCallback(): void {}
  };
}

let KycWidgetScreens: CustomElementConstructor | undefined;

const BASE_NAME = 'kyc-widget-screens';

/**
 * Defines the element once per page and returns its tag name. Another copy of the widget on the page
 * (another version, another bundle) may have taken the name: then this copy takes the next free one.
 */
export function defineScreens(registry: CustomElementRegistry = customElements): string {
  KycWidgetScreens ??= screensElement();
  for (let n = 1; ; n++) {
    const name = n === 1 ? BASE_NAME : `${BASE_NAME}-${n}`;
    const existing = registry.get(name);
    if (existing === KycWidgetScreens) return name;
    if (!existing) {
      registry.define(name, KycWidgetScreens);
      return name;
    }
  }
}
