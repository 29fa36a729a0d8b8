import { act, createElement, createRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { KycWidget, type KycWidgetElement } from '../../src/react';
import { renderKycWidget } from '../../src/server/render';
import { frameOf, scripted, untilState, waitUntil } from './helpers';

const roots: Array<() => void> = [];
afterEach(() => roots.splice(0).forEach((unmount) => unmount()));

function render(element: ReturnType<typeof createElement>): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(element));
  roots.push(() => {
    root.unmount();
    host.remove();
  });
  return host;
}

describe('kyc-widget/react', () => {
  it('sets inputs as properties (the token never becomes an attribute) and calls the typed callbacks', async () => {
    const ref = createRef<KycWidgetElement | null>();
    const completed: string[] = [];
    const states: string[] = [];
    render(
      createElement(KycWidget, {
        ref,
        sessionUrl: scripted(['ready', 'submit', 'complete:declined']),
        sessionToken: 'tok_react_secret',
        theme: 'dark',
        onComplete: (e) => completed.push(e.detail.outcome),
        onStateChange: (e) => states.push(e.detail.state),
      }),
    );
    const el = ref.current!;
    expect(el.tagName).toBe('KYC-WIDGET');
    await untilState(el, 'complete');
    expect(completed).toEqual(['declined']);
    expect(states).toEqual(['loading', 'ready', 'submitted', 'complete']);
    expect(el.theme).toBe('dark');
    expect(el.sessionToken).toBe('tok_react_secret');
    expect(el.outerHTML).not.toContain('tok_react_secret');
  });

  it('passes slotted children through', async () => {
    const host = render(
      createElement(
        KycWidget,
        { sessionUrl: scripted(['ready']) },
        createElement('p', { slot: 'loading' }, 'Please wait'),
      ),
    );
    const el = host.querySelector('kyc-widget')!;
    expect(el.querySelector('[slot="loading"]')?.textContent).toBe('Please wait');
  });

  it('<KycWidget rendered>: hydration keeps the server DOM (its root and frame), the element adopts them, the props hear its events', async () => {
    const src = scripted(['ready'], { session: 'react-rendered' });
    const html = renderKycWidget({ provider: 'generic', sessionUrl: src, pageOrigin: location.origin });
    // The server's HTML, as a page holds it: KycWidget's <div> around the rendered widget, its declarative root attached.
    const host = document.createElement('div');
    document.body.append(host);
    host.setHTMLUnsafe(`<div>${html}</div>`);
    const el = host.querySelector('kyc-widget') as KycWidgetElement;
    const root = el.shadowRoot!.firstElementChild;
    const frame = el.shadowRoot!.querySelector('iframe');
    expect(frame?.src).toBe(src);
    const errors: unknown[] = [];
    const cancelled: string[] = [];
    // act: the hydration and its effects (the props' listeners) are done when it returns.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let react!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      react = hydrateRoot(
        host,
        createElement(KycWidget, { rendered: html, onCancel: (e) => cancelled.push(e.detail.provider) }),
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    roots.push(() => {
      react.unmount();
      host.remove();
    });
    await untilState(el, 'ready');
    expect(errors).toEqual([]);
    // The same element, root and iframe (a frame React wrote again would have reloaded: a new element).
    expect(host.querySelector('kyc-widget')).toBe(el);
    expect(el.shadowRoot!.firstElementChild).toBe(root);
    expect(frameOf(el)).toBe(frame);
    expect(el.shadowRoot!.querySelectorAll('iframe')).toHaveLength(1);
    // The client's render of it has no <template>, and nothing of the server's root is left in the light DOM.
    expect(host.querySelector('template')).toBeNull();
    expect(el.children).toHaveLength(0);
    expect(el.sessionUrl).toBe(src); // the markup's input stands: no prop overwrote it
    // Hydrated, its effects run: the props hear the element's events.
    el.cancel();
    await waitUntil(() => cancelled.length > 0, 'the props never heard kyc-cancel', { timeout: 5000 });
    expect(cancelled).toEqual(['generic']);
  });
});
