import { safeUrl } from '../../frame/allow';
import { Problem } from '../../frame/problem';
import { optionString } from '../options';
import { personaParams } from './options';
import type { FrameContext, ProviderFrame } from '../types';
import { copy, givenToken, needs, randomId, setMissing } from '../url';

/**
 * Persona's embedded flow (docs/providers/persona.md): `<host>/widget?…`, built from a complete session URL or from
 * `options` (template, environment, reference), in persona 5.9's order. Each attempt gets a fresh `container-id`,
 * which the protocol binds to.
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

export const persona: ProviderFrame<'persona'> = {
  id: 'persona',
  origins: PERSONA_HOSTS,
  allow: 'camera;microphone;clipboard-write;publickey-credentials-create;publickey-credentials-get',
  sandbox:
    'allow-scripts allow-same-origin allow-popups allow-forms allow-modals allow-top-navigation-by-user-activation',

  frameUrl(context) {
    const { sessionUrl, sessionToken, options, hostOrigin, locale, mode, theme } = context;
    const url = sessionUrl ? copy(sessionUrl) : fromOptions(options);
    if (url instanceof Problem) return url;
    const token = givenToken(sessionToken, 'persona');
    if (token instanceof Problem) return token;
    // The host's pass-through options (prefill, theme set, language…) before what the widget derives.
    const extra = personaParams(options);
    if (extra instanceof Problem) return extra;
    const framing = framingOf(context);
    if (framing instanceof Problem) return framing;
    setMissing(url, 'session-token', token);
    for (const [name, value] of extra) setMissing(url, name, value);
    if (hostOrigin !== 'null') setMissing(url, 'iframe-origin', hostOrigin);
    setMissing(url, 'language', locale);
    // Persona's modal flow is `embedded` (shown on {action: "open"}); its in-page flow (persona-react's inline inquiry) is `inline`.
    setMissing(url, 'flow-type', mode === 'modal' ? 'embedded' : 'inline');
    // Persona's documented theme-set variants: `base` and `dark`.
    if (theme !== 'auto') setMissing(url, 'style-variant', theme === 'dark' ? 'dark' : 'base');
    setMissing(url, 'container-id', randomId('kyc-widget-'));
    framing.ancestors.forEach((origin, i) => setMissing(url, `frame-ancestors[${i}]`, origin));
    setMissing(url, 'message-target-origin', framing.target);
    return { url };
  },
};

/**
 * Persona requires `frame-ancestors` (every origin above its frame) and `message-target-origin` (the page that
 * listens) when the host page is itself framed. The widget knows both (`location.ancestorOrigins`);
 * `options.frameAncestors` / `options.messageTargetOrigin` override them.
 */
function framingOf({
  options,
  hostOrigin,
  ancestors = [],
}: FrameContext): { ancestors: string[]; target?: string } | Problem {
  const given = options.frameAncestors;
  if (
    given !== undefined &&
    (!Array.isArray(given) || !given.every((o) => typeof o === 'string' && !(safeUrl(o, 'origin') instanceof Problem)))
  )
    return new Problem('must', 'options.frameAncestors', 'origins');
  const target = optionString(options, 'messageTargetOrigin', 'origin');
  const targetUrl = typeof target === 'string' ? safeUrl(target, 'options.messageTargetOrigin') : target;
  if (targetUrl instanceof Problem) return new Problem('must', 'options.messageTargetOrigin', 'origin');
  const framed = ancestors.length > 0;
  const list =
    (given as string[] | undefined)?.map((o) => new URL(o).origin) ?? (framed ? [hostOrigin, ...ancestors] : []);
  return { ancestors: list, target: targetUrl ? targetUrl.origin : framed ? hostOrigin : undefined };
}

/** `<host>/widget?…` from the template, template version or inquiry, and the environment and reference. */
function fromOptions(options: Record<string, unknown>): URL | Problem {
  const host = optionString(options, 'host', 'persona-host');
  if (host instanceof Problem) return host;
  const origin = host ? safeUrl(host, 'options.host') : new URL(PERSONA_HOSTS[0]);
  if (origin instanceof Problem) return origin;
  const url = new URL('/widget', origin.origin);

  const templateId = optionString(options, 'templateId', 'persona-template');
  if (
    templateId instanceof Problem ||
    (templateId && !TEMPLATE_ID.test(templateId) && !LEGACY_TEMPLATE_ID.test(templateId))
  )
    return new Problem('must', 'options.templateId', 'persona-template');
  const ids: Record<string, string | undefined> = {};
  for (const key of ['templateVersionId', 'inquiryId']) {
    const value = optionString(options, key, 'persona-id');
    if (value instanceof Problem || (value && !PERSONA_ID.test(value)))
      return new Problem('must', `options.${key}`, 'persona-id');
    ids[key] = value;
  }
  const { templateVersionId, inquiryId } = ids;
  if (!templateId && !templateVersionId && !inquiryId) return needs('persona');
  if (inquiryId && (templateId || templateVersionId)) return new Problem('persona-inquiry', 'options.inquiryId');
  if (templateId)
    url.searchParams.set(TEMPLATE_ID.test(templateId) ? 'inquiry-template-id' : 'template-id', templateId);
  if (templateVersionId) url.searchParams.set('inquiry-template-version-id', templateVersionId);
  if (inquiryId) url.searchParams.set('inquiry-id', inquiryId);

  const environmentId = optionString(options, 'environmentId', 'persona-environment');
  if (environmentId instanceof Problem || (environmentId && !PERSONA_ID.test(environmentId)))
    return new Problem('must', 'options.environmentId', 'persona-environment');
  if (environmentId) url.searchParams.set('environment-id', environmentId);

  const referenceId = optionString(options, 'referenceId', 'text-255');
  if (referenceId instanceof Problem || (referenceId && referenceId.length > 255))
    return new Problem('must', 'options.referenceId', 'text-255');
  if (referenceId) url.searchParams.set('reference-id', referenceId);
  return url;
}
