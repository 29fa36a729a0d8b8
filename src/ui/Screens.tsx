import { useEffect, useRef, type ReactNode } from 'react';
import type { ErrorCode } from '../flow/errors';
import { messagesFor, resolveLanguage } from './i18n';
import { screenMessages, type ResultKind } from './screen-messages';
import type { ScreenProps } from './view';

/**
 * The screens around the provider's frame: result, cancelled and error. The loading screen is the
 * element's own plain DOM (it shows before React is even downloaded), and the frame is not React's: it
 * lives in a sibling container owned by the frame bridge, so no render can re-parent (and so reload) it.
 */
export function Screens(props: ScreenProps): ReactNode {
  const { state, canRetry = false, focus = 0, onRetry, onAnnounce } = props;
  const language = resolveLanguage(props.language) ?? 'en';
  const m = { ...messagesFor(language), ...screenMessages(language) };
  const kind = resultKind(props.decision, props.outcome);
  const code = (props.errorCode ?? 'provider-error') as ErrorCode;
  const screen = useRef<HTMLDivElement>(null);
  const announcement =
    state === 'complete' ? m.resultTitle[kind] : state === 'cancelled' ? m.cancelledTitle : state === 'error' ? m.errors[code] : '';

  useEffect(() => {
    if (focus > 0) screen.current?.focus();
  }, [focus]);

  useEffect(() => {
    if (announcement) onAnnounce?.(announcement);
  }, [announcement, onAnnounce]);

  switch (state) {
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
          <button type="button" part="button retry-button" className="primary" onClick={() => onRetry?.()}>
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
          {canRetry && (
            <button type="button" part="button retry-button" className="primary" onClick={() => onRetry?.()}>
              {m.retry}
            </button>
          )}
        </div>
      );
    default:
      return null;
  }
}

function resultKind(decision: string | undefined, outcome: string | undefined): ResultKind {
  for (const value of [decision, outcome]) {
    if (value === 'approved' || value === 'declined' || value === 'pending' || value === 'review') return value;
  }
  return 'pending';
}
