import { createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { KycWidget, type KycWidgetElement } from '../../src/react';
import { scripted, untilState } from './helpers';

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
});
