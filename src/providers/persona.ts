import { str } from '../frame/decode';
import { parseSafeUrl } from '../frame/origins';
import type { Outcome, ProviderAdapter, Signal } from './types';
import {
  asRecord,
  cameraUnavailable,
  codeOf,
  complete,
  field,
  idOf,
  optionString,
  progress,
  providerError,
  randomId,
  resize,
  safely,
  scrub,
  sessionExpired,
  setMissing,
  stepOf,
  tokenOf,
  withSession,
} from './wire';

/**
 * Persona's embedded flow (docs/providers/persona.md). The frame speaks objects
 * `{containerId, name, metadata?, error?}`; the widget puts a fresh `container-id` in the frame URL
 * and drops every message that does not carry it back.
 */

export const PERSONA_HOSTS = [
  'https://inquiry.withpersona.com',
  'https://canary.withpersona.com',
  'https://inquiry.withpersona-staging.com',
] as const;

const TEMPLATE_ID = /^itmpl_[A-Za-z0-9]{1,100}$/;
/** Legacy templates (`tmpl_…`) go in `template-id` instead of `inquiry-template-id`. */
const LEGACY_TEMPLATE_ID = /^tmpl_[A-Za-z0-9]{1,100}$/;
const PERSONA_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Errors a retry of the same configuration cannot fix. */
const FATAL_ERRORS = new Set(['invalid_config', 'inactive_template']);

/** A path segment that looks like an object id (`inq_…`, `ver_…`, a UUID) is not a step name. */
const ID_SEGMENT = /^(?:[a-z]+_[A-Za-z0-9]{8,}|[0-9a-f-]{16,})$/i;

export const persona: ProviderAdapter = {
  id: 'persona',
  origins: PERSONA_HOSTS,
  allow: 'camera;microphone;clipboard-write;publickey-credentials-create;publickey-credentials-get',
  sandbox: 'allow-scripts allow-same-origin allow-popups allow-forms allow-modals allow-top-navigation-by-user-activation',

  frameUrl({ sessionUrl, sessionToken, options, locale, theme, hostOrigin }) {
    let url: URL;
    if (sessionUrl) {
      url = new URL(sessionUrl.href);
    } else {
      const built = buildFromOptions(options);
      if (!built.ok) return built;
      url = built.url;
    }
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token) return { ok: false, message: 'session-token is not a valid Persona session token' };
    setMissing(url, 'session-token', token);
    if (hostOrigin && hostOrigin !== 'null') setMissing(url, 'iframe-origin', hostOrigin);
    setMissing(url, 'language', locale);
    setMissing(url, 'flow-type', 'embedded');
    if (theme !== 'auto') setMissing(url, 'style-variant', theme);
    setMissing(url, 'container-id', randomId('kyc-widget-'));
    return { ok: true, url };
  },

  createSession(port) {
    // The id this attempt's frame was given; without it (older bridge) the first message's id is bound.
    let containerId = port.frameUrl?.searchParams.get('container-id') || undefined;
    let opened = false;
    let inquiryId: string | undefined;

    return {
      receive: (message) =>
        safely(() => {
          const data = asRecord(message);
          const name = str(data?.name, 100)?.toLowerCase();
          const from = str(data?.containerId, 200);
          if (!data || !name || !from) return [];
          if (containerId === undefined) containerId = from;
          else if (from !== containerId) return [];

          const metadata = field(data, 'metadata');
          inquiryId = idOf(metadata.inquiryId) ?? inquiryId;
          return scrub(route(name, data, metadata), port.context.sessionToken, port.token(), metadata.sessionToken);
        }),
    };

    function route(name: string, data: Record<string, unknown>, metadata: Record<string, unknown>): Signal[] {
      switch (name) {
        case 'ready': {
          if (!opened) {
            opened = true;
            // What Persona's SDK sends on `open()`: the widget shows the flow as soon as it is ready.
            port.post({ action: 'open', metadata: {} });
          }
          return [withSession('ready', inquiryId), ...resize(field(metadata, 'preferredDimensions').height)];
        }
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
          return [cameraUnavailable('Persona could not start the camera', 'load-camera-failed')];
        default:
          // `load` (not ready yet), `camera-permissions-check-result` (see the docs) and analytics names.
          return [];
      }
    }
  },
};

type Built = { ok: true; url: URL } | { ok: false; message: string };

function buildFromOptions(options: Record<string, unknown>): Built {
  const host = optionString(options, 'host');
  if (host.bad) return { ok: false, message: 'options.host must be an origin such as https://inquiry.withpersona.com' };
  let origin: string = PERSONA_HOSTS[0];
  if (host.value) {
    const parsed = parseSafeUrl(host.value, 'options.host');
    if (!parsed.ok) return parsed;
    origin = parsed.value.origin;
  }
  const url = new URL('/widget', origin);

  const templateId = optionString(options, 'templateId');
  const templateVersionId = optionString(options, 'templateVersionId');
  const inquiryId = optionString(options, 'inquiryId');
  if (templateId.bad || (templateId.value && !TEMPLATE_ID.test(templateId.value) && !LEGACY_TEMPLATE_ID.test(templateId.value))) {
    return { ok: false, message: 'options.templateId must be a Persona inquiry template id starting with itmpl_ (or a legacy tmpl_ id)' };
  }
  for (const [key, value] of [['templateVersionId', templateVersionId], ['inquiryId', inquiryId]] as const) {
    if (value.bad || (value.value && !PERSONA_ID.test(value.value))) {
      return { ok: false, message: `options.${key} must be a Persona id (letters, digits, _ and -)` };
    }
  }
  if (!templateId.value && !templateVersionId.value && !inquiryId.value) {
    return { ok: false, message: 'Persona needs a session-url, or options.templateId / options.templateVersionId / options.inquiryId' };
  }
  if (inquiryId.value && (templateId.value || templateVersionId.value)) {
    return { ok: false, message: 'options.inquiryId resumes an existing inquiry: do not combine it with templateId or templateVersionId' };
  }
  if (templateId.value) {
    url.searchParams.set(TEMPLATE_ID.test(templateId.value) ? 'inquiry-template-id' : 'template-id', templateId.value);
  }
  if (templateVersionId.value) url.searchParams.set('inquiry-template-version-id', templateVersionId.value);
  if (inquiryId.value) url.searchParams.set('inquiry-id', inquiryId.value);

  const environmentId = optionString(options, 'environmentId');
  if (environmentId.bad || (environmentId.value && !PERSONA_ID.test(environmentId.value))) {
    return { ok: false, message: 'options.environmentId must be a Persona environment id (env_…)' };
  }
  if (environmentId.value) url.searchParams.set('environment-id', environmentId.value);

  const referenceId = optionString(options, 'referenceId');
  if (referenceId.bad || (referenceId.value && referenceId.value.length > 255)) {
    return { ok: false, message: 'options.referenceId must be a string of at most 255 characters' };
  }
  if (referenceId.value) url.searchParams.set('reference-id', referenceId.value);
  return { ok: true, url };
}

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
