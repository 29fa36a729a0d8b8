import { persona } from '../providers/persona';
import type { Outcome, ProviderProtocol, Signal } from './types';
import {
  asRecord,
  codeOf,
  complete,
  field,
  idOf,
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
} from './wire';

/**
 * Persona's frame speaks objects `{containerId, name, metadata?, error?}`; every message that does not
 * carry this attempt's `container-id` (put in the frame URL by frame.ts) is dropped.
 */

/** Errors a retry of the same configuration cannot fix. */
const FATAL_ERRORS = new Set(['invalid_config', 'inactive_template']);

/** A path segment that looks like an object id (`inq_…`, `ver_…`, a UUID) is not a step name. */
const ID_SEGMENT = /^(?:[a-z]+_[A-Za-z0-9]{8,}|[0-9a-f-]{16,})$/i;

export const personaProtocol: ProviderProtocol = {
  createSession(port) {
    const frame = { context: port.context, url: port.frameUrl };
    // The id this attempt's frame was given (frame.ts adds one unless the host's URL has its own).
    let containerId = port.frameUrl.searchParams.get('container-id') || undefined;
    let opened = false;
    let inquiryId: string | undefined;

    return {
      receive: (message) =>
        safely(() => {
          const data = asRecord(message);
          const name = str(data?.name, 100)?.toLowerCase();
          if (!data || !name) return [];
          // As Persona's SDK: a message that names a container must name this one; one that names none (or "") is this frame's.
          const named = data.containerId;
          if (named !== undefined && named !== null && named !== '') {
            const from = str(named, 200);
            if (from === undefined) return [];
            if (containerId === undefined) containerId = from;
            else if (from !== containerId) return [];
          }

          const metadata = field(data, 'metadata');
          inquiryId = idOf(metadata.inquiryId) ?? inquiryId;
          // Past the container's check, a `ready` (providers/persona.ts) is this frame's.
          const signals = persona.ready!(message, frame) ? ready(metadata) : route(name, data, metadata);
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
        case 'start':
          return [withSession('start', inquiryId)];
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
