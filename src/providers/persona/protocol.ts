import talk from './talk';
import type { Outcome, ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  field,
  progress,
  providerError,
  resize,
  safely,
  scrub,
  sessionExpired,
  stepOf,
  str,
  warning,
  withSession,
} from '../../protocols/wire';

/**
 * Persona's frame speaks objects `{containerId, name, metadata?, error?}`; every message that does not
 * carry this attempt's `container-id` (put in the frame URL by providers/persona/frame.ts) is dropped, by the same reader
 * as the stand-in's (`persona.hear`).
 */

/** Errors a retry of the same configuration cannot fix. */
const FATAL_ERRORS = new Set(['invalid_config', 'inactive_template']);

/** A path segment that looks like an object id (`inq_…`, `ver_…`, a UUID) is not a step name. */
const ID_SEGMENT = /^(?:[a-z]+_[A-Za-z0-9]{8,}|[0-9a-f-]{16,})$/i;

const personaProtocol: ProviderProtocol = {
  createSession(port) {
    // This frame's messages, and the inquiry they named (providers/persona/frame.ts), as the stand-in reads them.
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });
    let opened = false;
    let inquiryId: string | undefined;

    return {
      receive: (message) =>
        safely(() => {
          const heard = hear(message);
          if (!heard) return [];
          const data = asRecord(message)!;
          const metadata = field(data, 'metadata');
          inquiryId = heard.sessionId;
          const signals =
            heard.said === 'ready'
              ? ready(metadata)
              : heard.said === 'start'
                ? [withSession('start', inquiryId)]
                : route(str(data.name, 100)!.toLowerCase(), data, metadata);
          return scrub(signals, port.context.sessionToken, port.token(), metadata.sessionToken);
        }),
    };

    function ready(metadata: Record<string, unknown>): Signal[] {
      if (!opened && port.context.mode === 'modal') {
        opened = true;
        // The modal (`embedded`) flow waits for what Persona's SDK sends on `open()`; the inline flow does not.
        port.post({ action: 'open', metadata: {} });
      }
      // Persona's preferredDimensions: {minimumWidth, maximumWidth, minimumHeight, maximumHeight} as CSS lengths.
      return [withSession('ready', inquiryId), ...resize(pixels(field(metadata, 'preferredDimensions').minimumHeight))];
    }

    function route(name: string, data: Record<string, unknown>, metadata: Record<string, unknown>): Signal[] {
      switch (name) {
        case 'page-change': {
          const step = stepFromPath(metadata.pathname);
          return [...(step ? [progress(step)] : []), ...resize(metadata.pageHeight)];
        }
        case 'complete':
          return [withSession('submit', inquiryId), complete(outcomeOf(metadata.status), inquiryId)];
        case 'fail':
          return [withSession('submit', inquiryId), complete(failOutcomeOf(metadata.status), inquiryId)];
        case 'exit':
          // metadata.sessionToken (for resuming) is never passed on.
          return [{ type: 'cancel' }];
        case 'error':
          return [errorOf(field(data, 'error'))];
        case 'load-camera-failed':
          // Persona's flow offers an upload or a phone instead: its SDK only reports this event.
          return [
            warning(
              'camera-unavailable',
              'Persona could not start the camera; its flow offers another way',
              'load-camera-failed',
            ),
          ];
        default:
          // `load` (not ready yet), `camera-permissions-check-result` (see the docs) and analytics names.
          return [];
      }
    }
  },
};

/**
 * `complete` carries the inquiry status. `completed` means the person finished but no decision is
 * known yet (a workflow may still decide), so only explicit decisions become approved/declined.
 */
function outcomeOf(status: unknown): Outcome {
  switch (str(status, 50)?.toLowerCase()) {
    case 'approved':
      return 'approved';
    case 'declined':
    case 'failed':
      return 'declined';
    default:
      return 'pending';
  }
}

/** `fail` never reads as approved; a status that still awaits a person stays pending. */
function failOutcomeOf(status: unknown): Outcome {
  const value = str(status, 50)?.toLowerCase();
  return value === 'needs_review' || value === 'pending' ? 'pending' : 'declined';
}

function errorOf(error: Record<string, unknown>): Signal {
  const code = codeOf(error.code);
  if (code === 'unauthenticated') return sessionExpired('Persona rejected the session (unauthenticated)', code);
  if (code && FATAL_ERRORS.has(code)) return providerError(`Persona rejected the configuration (${code})`, code, false);
  return providerError(code ? `Persona reported an error (${code})` : 'Persona reported an error', code);
}

/** `/verify/selfie?x` → `verify/selfie`; id-like segments are dropped. */
function stepFromPath(pathname: unknown): string | undefined {
  const path = str(pathname, 500)?.split(/[?#]/)[0];
  if (!path) return undefined;
  return stepOf(
    path
      .split('/')
      .filter((segment) => segment && !ID_SEGMENT.test(segment))
      .join('/'),
  );
}

/** `"650px"` → 650; a number stays; anything else is no height. */
function pixels(value: unknown): unknown {
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)px\s*$/.exec(value);
    return match ? Number(match[1]) : undefined;
  }
  return value;
}

export default personaProtocol;
