import { useEffect, useRef, type ReactNode } from 'react';
import type { ErrorCode } from '../flow/errors';
import { LANGUAGES, messagesFor } from '../i18n/index';
import { screenMessages, type ResultKind } from './screen-messages';
import type { ScreenProps } from './view';

/**
 * The screens around the provider's frame: result, cancelled and error. The loading screen is the
 * element's own plain DOM (it shows before React is even downloaded), and the frame is not React's: it
 * lives in a sibling container owned by the frame bridge, so no render can re-parent (and so reload) it.
 * A new screen puts focus on its heading when the person was in the widget; otherwise it announces its
 * title through the live region (never both: a screen reader would say it twice).
 */
export function Screens(props: ScreenProps): ReactNode {
  const { state, canRetry = false, focus = 0, onRetry, onClose, onAnnounce } = props;
  // The element gives one of its languages as it is: resolving it again would read `pt` (European) as a bare
  // tag, that is Brazilian.
  const language = LANGUAGES.find((known) => known === props.language) ?? 'en';
  const m = { ...messagesFor(language), ...screenMessages(language) };
  const confirming = props.confirming === 'checking' || props.confirming === 'later' ? props.confirming : undefined;
  const kind = resultKind(props.decision);
  const code = (props.errorCode ?? 'provider-error') as ErrorCode;
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  const title =
    state === 'complete'
      ? confirming
        ? m[confirming].title
        : m.resultTitle[kind]
      : state === 'cancelled'
        ? m.cancelledTitle
        : state === 'error'
          ? m.errors[code].title
          : '';

  useEffect(() => {
    if (focus > focused.current && heading.current) {
      focused.current = focus;
      heading.current.focus();
    } else if (title) onAnnounce?.(title);
    // Only a new screen or a new focus request speaks: not every render.
  }, [focus, title]);

  // Every screen's heading: focused when the person was in the widget (see above).
  const titled = (
    <h2 tabIndex={-1} ref={heading}>
      {title}
    </h2>
  );

  switch (state) {
    case 'complete':
      if (confirming === 'checking')
        return (
          <div className="screen" part="result" data-outcome="checking">
            <div className="spinner" aria-hidden="true" />
            {titled}
            <p>{m.checking.text}</p>
          </div>
        );
      if (confirming === 'later')
        return (
          <div className="screen" part="result" data-outcome="later">
            <Icon kind="pending" />
            {titled}
            <p>{m.later.text}</p>
            <Action part="done-button" label={m.done} onClick={onClose} />
          </div>
        );
      return (
        <div className="screen" part="result" data-outcome={kind}>
          <slot name="result">
            <Icon kind={kind} />
            {titled}
            <p>{m.resultText[kind]}</p>
          </slot>
          <Action part="done-button" label={m.done} onClick={onClose} />
        </div>
      );
    case 'cancelled':
      return (
        <div className="screen" part="error" data-kind="cancelled">
          <Icon kind="cancelled" />
          {titled}
          <p>{m.cancelledText}</p>
          <Action part="retry-button" label={m.restart} onClick={onRetry} />
        </div>
      );
    case 'error':
      return (
        <div className="screen" part="error" data-code={code}>
          <slot name="error">
            <Icon kind={code === 'offline' ? 'offline' : 'error'} />
            {titled}
            {/* A final error's own text may say "try again": only the next step that is possible here is said. */}
            {(canRetry || code === 'config-invalid') && <p>{m.errors[code].text}</p>}
            {!canRetry && <p>{code === 'config-invalid' ? m.stuckConfig : m.stuck}</p>}
          </slot>
          {canRetry && <Action part="retry-button" label={m.retry} onClick={onRetry} />}
          {!canRetry && code !== 'config-invalid' && (
            <Action
              part="reload-button"
              label={m.reload}
              onClick={() => heading.current?.ownerDocument.defaultView?.location.reload()}
            />
          )}
          <p className="reference" part="reference">
            {m.reference}:{' '}
            <code dir="ltr">
              {[code, props.providerCode === code ? undefined : props.providerCode, props.sessionId]
                .filter(Boolean)
                .join(' · ')}
            </code>
          </p>
        </div>
      );
    default:
      return null;
  }
}

/** A screen's one action ("Done", "Start again", "Try again"): a primary button, styled as every button's part. */
function Action({ part, label, onClick }: { part: string; label: string; onClick?: () => void }): ReactNode {
  return (
    <button type="button" part={`button ${part}`} className="primary" onClick={() => onClick?.()}>
      {label}
    </button>
  );
}

type IconKind = ResultKind | 'cancelled' | 'error' | 'offline';

/** Drawn icons (not font glyphs): the same shape in every font, and distinct for pending and review. */
const PATHS: Record<IconKind, string> = {
  approved: 'M7 12.5l3.2 3.2L17 9',
  declined: 'M8 8l8 8M16 8l-8 8',
  pending: 'M12 7v5l3.2 2',
  review: 'M10.5 15a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zM14 14l3.5 3.5',
  cancelled: 'M8 12h8',
  error: 'M12 7v6M12 16.5v.5',
  offline: 'M5 10a10 10 0 0 1 14 0M8 13.5a5.5 5.5 0 0 1 8 0M12 17h.01M5 5l14 14',
};

function Icon({ kind }: { kind: IconKind }): ReactNode {
  return (
    <svg
      className="icon"
      data-kind={kind}
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="12" />
      <path d={PATHS[kind]} fill="none" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The result the screen shows: the host's (or the decision endpoint's) decision, else "submitted". The frame's own
 * outcome is the browser's word, never shown as a result: it stays in `kyc-complete`'s detail for the host.
 */
function resultKind(decision: string | undefined): ResultKind {
  return decision === 'approved' || decision === 'declined' || decision === 'review' ? decision : 'pending';
}
