import { InvalidJson, type Inputs } from '../element/attributes';
import { isProviderId, providerFor } from '../providers/index';
import type { FrameContext, ProviderAdapter, ProviderId } from '../providers/types';
import { OriginAllowlist, parseAllowedOrigins, parseOriginPattern, parseSafeUrl, type OriginPattern } from './origins';

/**
 * Inputs → everything needed to frame one session, or the reason it cannot be framed.
 * Pure: no DOM, so every config-invalid case is unit-tested.
 */

export interface ResolvedFrame {
  adapter: ProviderAdapter;
  context: FrameContext;
  url: URL;
  allowlist: OriginAllowlist;
}

export type Resolution =
  | { kind: 'idle' }
  /** The provider's adapter chunk is not here yet: load it (`loadProvider`) and resolve again. */
  | { kind: 'needs-adapter'; provider: ProviderId }
  /** Only a session endpoint: ask it for the session URL or token, then resolve again. */
  | { kind: 'needs-session'; endpoint: URL }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; frame: ResolvedFrame };

export interface Environment {
  locale: string;
  hostOrigin: string;
  /** Base for relative session URLs (the document's URL). */
  baseUrl?: string;
}

/** The endpoint, when the host gave one (already validated by resolveFrame). */
export function endpointOf(inputs: Pick<Inputs, 'sessionEndpoint'>, baseUrl?: string): URL | undefined {
  const parsed = parseSafeUrl(inputs.sessionEndpoint, 'session-endpoint', baseUrl);
  return parsed.ok ? parsed.value : undefined;
}

export function hasSession(inputs: Pick<Inputs, 'sessionUrl' | 'sessionToken' | 'sessionEndpoint'>): boolean {
  return Boolean(inputs.sessionUrl || inputs.sessionToken || inputs.sessionEndpoint);
}

export function resolveFrame(inputs: Inputs, env: Environment): Resolution {
  if (!isProviderId(inputs.provider)) {
    return invalid(`provider "${inputs.provider}" is not one of generic, persona, sumsub, veriff, jumio, idenfy, didit`);
  }
  if (inputs.options instanceof InvalidJson) return invalid(inputs.options.reason);
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
  const adapter = providerFor(inputs.provider);
  if (!adapter) return { kind: 'needs-adapter', provider: inputs.provider };

  let sessionUrl: URL | undefined;
  if (inputs.sessionUrl) {
    const parsed = parseSafeUrl(inputs.sessionUrl, 'session-url', env.baseUrl);
    if (!parsed.ok) return invalid(parsed.message);
    sessionUrl = parsed.value;
  }

  const context: FrameContext = {
    sessionUrl,
    sessionToken: inputs.sessionToken,
    options: inputs.options,
    locale: env.locale,
    theme: inputs.theme,
    hostOrigin: env.hostOrigin,
  };
  let built;
  try {
    built = adapter.frameUrl(context);
  } catch {
    built = { ok: false as const, message: `the ${adapter.id} adapter could not build a frame URL from these inputs` };
  }
  if (!built.ok) return invalid(built.message);
  const url = built.url;
  const checked = parseSafeUrl(url.href, 'the frame URL');
  if (!checked.ok) return invalid(checked.message);

  // Generic has no home origin: the session URL's own origin is trusted. Providers trust their built-in list.
  const patterns: OriginPattern[] = [...extra.value];
  for (const origin of adapter.origins) {
    const parsed = parseOriginPattern(origin);
    if (parsed.ok) patterns.push(parsed.value);
  }
  if (adapter.origins.length === 0) {
    const own = parseOriginPattern(url.origin);
    if (own.ok) patterns.push(own.value);
  }
  const allowlist = new OriginAllowlist(patterns);
  if (!allowlist.has(url.origin)) {
    return invalid(`${url.origin} is not an allowed origin for ${adapter.id}; add it to allowed-origins if it is a custom or regional host`);
  }
  return { kind: 'ok', frame: { adapter, context, url, allowlist } };
}

function invalid(message: string): Resolution {
  return { kind: 'invalid', message };
}
