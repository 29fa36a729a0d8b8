import { parseSafeUrl } from '../frame/origins';
import { copy, FACTS, PERSONA_HOSTS, personaUrl, setMissing, tokenOf } from './facts';
import type { ProviderFrame } from './types';
import { optionString } from './url';
import { personaParams } from './persona-options';

/**
 * Persona's embedded flow (docs/providers/persona.md): `<host>/widget?…`, built from a complete
 * session URL or from `options` (template, environment, reference). Each attempt gets a fresh
 * `container-id`, which the protocol binds to.
 */

export { PERSONA_HOSTS } from './facts';

const TEMPLATE_ID = /^itmpl_[A-Za-z0-9]{1,100}$/;
/** Legacy templates (`tmpl_…`) go in `template-id` instead of `inquiry-template-id`. */
const LEGACY_TEMPLATE_ID = /^tmpl_[A-Za-z0-9]{1,100}$/;
const PERSONA_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const persona: ProviderFrame<'persona'> = {
  id: 'persona',
  ...FACTS.persona,

  frameUrl(context) {
    const { sessionUrl, sessionToken, options, hostOrigin, ancestors } = context;
    let url: URL;
    if (sessionUrl) {
      url = copy(sessionUrl);
    } else {
      const built = buildFromOptions(options);
      if (!built.ok) return built;
      url = built.url;
    }
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token)
      return { ok: false, message: 'session-token is not a valid Persona session token' };
    // The host's pass-through options (prefill, theme set, language…) before what the widget derives.
    const extra = personaParams(options);
    if (!extra.ok) return extra;
    const framing = framingOf(options, hostOrigin, ancestors);
    if (!framing.ok) return framing;
    url = personaUrl(url, token, extra.value ?? [], context);
    framing.ancestors.forEach((origin, i) => setMissing(url, `frame-ancestors[${i}]`, origin));
    setMissing(url, 'message-target-origin', framing.target);
    return { ok: true, url };
  },
};

type Built = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Persona requires `frame-ancestors` (every origin above its frame) and `message-target-origin` (the page
 * that listens) when the host page is itself framed. The widget knows both (`location.ancestorOrigins`);
 * `options.frameAncestors` / `options.messageTargetOrigin` override them.
 */
function framingOf(
  options: Record<string, unknown>,
  hostOrigin: string,
  ancestors: string[] = [],
): { ok: true; ancestors: string[]; target?: string } | { ok: false; message: string } {
  const given = options.frameAncestors;
  if (
    given !== undefined &&
    (!Array.isArray(given) || !given.every((o) => typeof o === 'string' && parseSafeUrl(o, 'origin').ok))
  ) {
    return { ok: false, message: 'options.frameAncestors must be an array of origins such as https://portal.example' };
  }
  const target = optionString(options, 'messageTargetOrigin');
  if (target.bad || (target.value && !parseSafeUrl(target.value, 'options.messageTargetOrigin').ok)) {
    return { ok: false, message: 'options.messageTargetOrigin must be an origin such as https://portal.example' };
  }
  const framed = ancestors.length > 0;
  const list =
    (given as string[] | undefined)?.map((o) => new URL(o).origin) ?? (framed ? [hostOrigin, ...ancestors] : []);
  return {
    ok: true,
    ancestors: list,
    target: target.value ? new URL(target.value).origin : framed ? hostOrigin : undefined,
  };
}

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
  if (
    templateId.bad ||
    (templateId.value && !TEMPLATE_ID.test(templateId.value) && !LEGACY_TEMPLATE_ID.test(templateId.value))
  ) {
    return {
      ok: false,
      message: 'options.templateId must be a Persona inquiry template id starting with itmpl_ (or a legacy tmpl_ id)',
    };
  }
  for (const [key, value] of [
    ['templateVersionId', templateVersionId],
    ['inquiryId', inquiryId],
  ] as const) {
    if (value.bad || (value.value && !PERSONA_ID.test(value.value))) {
      return { ok: false, message: `options.${key} must be a Persona id (letters, digits, _ and -)` };
    }
  }
  if (!templateId.value && !templateVersionId.value && !inquiryId.value) {
    return {
      ok: false,
      message: 'Persona needs a session-url, or options.templateId / options.templateVersionId / options.inquiryId',
    };
  }
  if (inquiryId.value && (templateId.value || templateVersionId.value)) {
    return {
      ok: false,
      message: 'options.inquiryId resumes an existing inquiry: do not combine it with templateId or templateVersionId',
    };
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
