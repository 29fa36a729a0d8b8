import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { WidgetController } from '../element/controller';
import { screenMessages, type ResultKind } from './screen-messages';

/**
 * The screens around the provider's frame. The frame itself is not React's: it lives in a sibling
 * container owned by the frame bridge, so no render can ever re-parent (and so reload) it.
 */
export function App({ controller }: { controller: WidgetController }): ReactNode {
  const view = useSyncExternalStore(controller.subscribe, controller.getView);
  const screen = useRef<HTMLDivElement>(null);
  const m = { ...view.messages, ...screenMessages(view.language) };
  const kind: ResultKind = view.decision ?? view.outcome ?? 'pending';
  const code = view.error?.code ?? 'provider-error';
  const announcement =
    view.state === 'complete' ? m.resultTitle[kind] : view.state === 'cancelled' ? m.cancelledTitle : view.state === 'error' ? m.errors[code] : '';

  useEffect(() => {
    if (view.focusRequest > 0) screen.current?.focus();
  }, [view.focusRequest]);

  useEffect(() => {
    if (announcement) controller.announce(announcement);
  }, [announcement, controller]);

  switch (view.state) {
    case 'loading':
      return (
        <div className="screen" part="status">
          <slot name="loading">
            <div className="spinner" aria-hidden="true" />
            <p>{m.loading}</p>
          </slot>
        </div>
      );
    case 'complete':
      return (
        <div className="screen" part="result" data-outcome={kind} tabIndex={-1} ref={screen}>
          <slot name="result">
            <div className="icon" data-kind={kind} aria-hidden="true">
              {kind === 'approved' ? '✓' : kind === 'declined' ? '✕' : '…'}
            </div>
            <h2>{m.resultTitle[kind]}</h2>
            <p>{m.resultText[kind]}</p>
          </slot>
        </div>
      );
    case 'cancelled':
      return (
        <div className="screen" part="error" data-kind="cancelled" tabIndex={-1} ref={screen}>
          <h2>{m.cancelledTitle}</h2>
          <p>{m.cancelledText}</p>
          <button type="button" part="button retry-button" className="primary" onClick={() => controller.retry()}>
            {m.restart}
          </button>
        </div>
      );
    case 'error':
      return (
        <div className="screen" part="error" data-code={code} tabIndex={-1} ref={screen}>
          <slot name="error">
            <div className="icon" data-kind="error" aria-hidden="true">
              !
            </div>
            <h2>{m.errorTitle}</h2>
            <p>{m.errors[code]}</p>
          </slot>
          {view.canRetry && (
            <button type="button" part="button retry-button" className="primary" onClick={() => controller.retry()}>
              {m.retry}
            </button>
          )}
        </div>
      );
    default:
      return null;
  }
}
