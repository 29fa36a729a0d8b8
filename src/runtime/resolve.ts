import {
  OriginAllowlist,
  parseAllowedOrigins,
  parseOriginPattern,
  parseSafeUrl,
  type OriginPattern,
} from '../frame/origins';
import { frameContext } from '../element/environment';
import type { Allowlist } from '../frame/bridge';
import { frameFor } from '../providers/frames';
import { isProviderId, PROVIDER_IDS } from '../providers/index';
import type { FrameContext, ProviderFrame } from '../providers/types';
import { InvalidJson, type Inputs } from '../element/inputs';
import { reasonOf } from './options-reason';

/**
 * Inputs → everything needed to frame one session, or the reason it cannot be framed.
 * Pure: no DOM, so every config-invalid case is unit-tested.
 */

export interface ResolvedFrame {
  provider: ProviderFrame;
  context: FrameContext;
  url: URL;
  allowlist: Allowlist;
}

export type Resolution =
  | { kind: 'idle' }
  /** Only a session endpoint: ask it for the session URL or token, then resolve again. */
  | { kind: 'needs-session'; endpoint: URL }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; frame: ResolvedFrame };

export interface Environment {
  locale: string;
  hostOrigin: string;
  ancestors?: string[];
  mobile?: boolean;
  /** Base for a relative session endpoint (the document's URL). */
  baseUrl?: string;
}

/** The endpoint, when the host gave a valid one. */
export function endpointOf(inputs: Pick<Inputs, 'sessionEndpoint'>, baseUrl?: string): URL | undefined {
  const parsed = parseSafeUrl(inputs.sessionEndpoint, 'session-endpoint', baseUrl);
  return parsed.ok ? parsed.value : undefined;
}

export function hasSession(inputs: Pick<Inputs, 'sessionUrl' | 'sessionToken' | 'sessionEndpoint'>): boolean {
  return Boolean(inputs.sessionUrl || inputs.sessionToken || inputs.sessionEndpoint);
}

export function resolveFrame(inputs: Inputs, env: Environment): Resolution {
  if (!isProviderId(inputs.provider))
    return invalid(`provider "${inputs.provider}" is not one of ${PROVIDER_IDS.join(', ')}`);
  if (inputs.options instanceof InvalidJson) return invalid(reasonOf(inputs.options));
  const extra = parseAllowedOrigins(inputs.allowedOrigins);
  if (!extra.ok) return invalid(extra.message);
  let endpoint: URL | undefined;
  if (inputs.sessionEndpoint) {
    const parsed = parseSafeUrl(inputs.sessionEndpoint, 'session-endpoint', env.baseUrl);
    if (!parsed.ok) return invalid(parsed.message);
    endpoint = parsed.value;
  }
  if (!hasSession(inputs)) return { kind: 'idle' };
  if (endpoint && !inputs.sessionUrl && !inputs.sessionToken) return { kind: 'needs-session', endpoint };

  let sessionUrl: URL | undefined;
  if (inputs.sessionUrl) {
    // Absolute only (README "Attributes and properties"): a relative value would load a page of the host's own origin.
    const parsed = parseSafeUrl(inputs.sessionUrl, 'session-url');
    if (!parsed.ok) return invalid(parsed.message);
    sessionUrl = parsed.value;
  }

  const provider = frameFor(inputs.provider);
  const context = frameContext(inputs, env, sessionUrl);
  if (env.mobile) context.mobile = true;
  let built;
  try {
    built = provider.frameUrl(context);
  } catch {
    built = { ok: false as const, message: `the ${provider.id} adapter could not build a frame URL from these inputs` };
  }
  if (!built.ok) return invalid(built.message);
  const checked = parseSafeUrl(built.url.href, 'the frame URL');
  if (!checked.ok) return invalid(checked.message);
  const url = checked.value;

  // Generic has no home origin: the session URL's own origin is trusted. Providers trust their built-in list.
  const patterns: OriginPattern[] = [...extra.value];
  for (const origin of [...(provider.origins.length ? provider.origins : [url.origin]), ...(built.trust ?? [])]) {
    const parsed = parseOriginPattern(origin);
    if (parsed.ok) patterns.push(parsed.value);
  }
  const allowlist = new OriginAllowlist(patterns);
  if (!allowlist.has(url.origin)) {
    return invalid(
      `${url.origin} is not an allowed origin for ${provider.id}; add it to allowed-origins if it is a custom or regional host`,
    );
  }
  return { kind: 'ok', frame: { provider, context, url, allowlist } };
}

function invalid(message: string): Resolution {
  return { kind: 'invalid', message };
}
