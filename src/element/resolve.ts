import { safeUrl } from '../frame/allow';
import type { Allowlist } from '../frame/bridge';
import { allowedOrigins, OriginAllowlist, originPattern, type OriginPattern } from '../frame/origins';
import { Problem } from '../frame/problem';
import { carries, isProviderId, pluginFor, type ProviderId } from '../providers/registry';
import type { ProviderPlugin } from '../providers/plugin';
import type { FrameContext, ProviderFrame } from '../providers/types';
import { frameContext, type Environment } from './environment';
import { InvalidJson, type Inputs } from './inputs';

/**
 * Inputs → everything needed to frame one session, or the problem that stops it: the one resolution, for the
 * stand-in before the runtime is here and for the runtime after (which says the problem in words). Pure: no DOM,
 * so every config-invalid case is unit-tested.
 */

export interface ResolvedFrame {
  provider: ProviderFrame;
  /** The registered plug-in whose frame `provider` is: what the runtime fetches for it (its protocol or adapter). */
  plugin: ProviderPlugin;
  context: FrameContext;
  url: URL;
  allowlist: Allowlist;
}

export type Resolution =
  | { kind: 'idle' }
  /** Only a session endpoint: ask it for the session URL or token, then resolve again. */
  | { kind: 'needs-session'; endpoint: URL }
  | { kind: 'invalid'; problem: Problem }
  | { kind: 'ok'; frame: ResolvedFrame };

/** The session endpoint, when the host gave a valid one. */
export function endpointOf(inputs: Pick<Inputs, 'sessionEndpoint'>, baseUrl?: string): URL | undefined {
  const parsed = safeUrl(inputs.sessionEndpoint, 'session-endpoint', baseUrl);
  return parsed instanceof URL ? parsed : undefined;
}

/** The decision endpoint, when the host gave a valid one (relative to the page, as the session endpoint). */
export function decisionEndpointOf(inputs: Pick<Inputs, 'decisionEndpoint'>, baseUrl?: string): URL | undefined {
  const parsed = safeUrl(inputs.decisionEndpoint, 'decision-endpoint', baseUrl);
  return parsed instanceof URL ? parsed : undefined;
}

export function hasSession(inputs: Pick<Inputs, 'sessionUrl' | 'sessionToken' | 'sessionEndpoint'>): boolean {
  return Boolean(inputs.sessionUrl || inputs.sessionToken || inputs.sessionEndpoint);
}

export function resolveFrame(inputs: Inputs, env: Environment): Resolution {
  // `auto`: the session endpoint's answer names the provider (the all-in bundle's; runtime/problems.ts says why not).
  if (
    !isProviderId(inputs.provider) &&
    !(!__KYC_ONE_PROVIDER__ && carries.all && inputs.sessionEndpoint && inputs.provider == 'auto')
  )
    return invalid(new Problem('provider', 'provider', inputs.provider));
  if (inputs.options instanceof InvalidJson) return invalid(inputs.options.problem);
  const extra = allowedOrigins(inputs.allowedOrigins);
  if (extra instanceof Problem) return invalid(extra);
  let endpoint: URL | undefined;
  if (inputs.sessionEndpoint) {
    const parsed = safeUrl(inputs.sessionEndpoint, 'session-endpoint', env.baseUrl);
    if (parsed instanceof Problem) return invalid(parsed);
    endpoint = parsed;
  }
  // Not the frame's configuration (its change restarts nothing), but a URL the widget fetches: the same rules.
  const decisions = inputs.decisionEndpoint && safeUrl(inputs.decisionEndpoint, 'decision-endpoint', env.baseUrl);
  if (decisions instanceof Problem) return invalid(decisions);
  if (!hasSession(inputs)) return { kind: 'idle' };
  if (endpoint && !inputs.sessionUrl && !inputs.sessionToken) return { kind: 'needs-session', endpoint };

  let sessionUrl: URL | undefined;
  if (inputs.sessionUrl) {
    // Absolute only (README "Attributes and properties"): a relative value would load a page of the host's own origin.
    const parsed = safeUrl(inputs.sessionUrl, 'session-url');
    if (parsed instanceof Problem) return invalid(parsed);
    sessionUrl = parsed;
  }

  // `auto` with a session of its own (no answer over it) finds no plug-in: the problem below.
  const plugin = pluginFor(inputs.provider as ProviderId, inputs.options);
  if (!plugin) return invalid(new Problem('provider', 'provider', inputs.provider));
  const provider = plugin.frame;
  const context = frameContext(inputs, env, sessionUrl);
  let built;
  try {
    built = provider.frameUrl(context);
  } catch {
    built = new Problem('builder', provider.id);
  }
  if (built instanceof Problem) return invalid(built);
  const url = safeUrl(built.url.href, 'the frame URL');
  if (url instanceof Problem) return invalid(url);

  // Generic has no home origin: the session URL's own origin is trusted. Providers trust their built-in list.
  const patterns: OriginPattern[] = [...extra];
  for (const origin of [...(provider.origins.length ? provider.origins : [url.origin]), ...(built.trust ?? [])]) {
    const parsed = originPattern(origin);
    if (typeof parsed === 'object') patterns.push(parsed);
  }
  const allowlist = new OriginAllowlist(patterns);
  if (!allowlist.has(url.origin)) return invalid(new Problem('not-allowed', provider.id, url.origin));
  return { kind: 'ok', frame: { provider, plugin, context, url, allowlist } };
}

/** The session endpoint's answer, as far as the inputs go (session/request.ts `readAnswer` has read its shape). */
export interface AnswerInputs {
  provider?: string;
  sessionUrl?: string;
  sessionToken?: string;
  options?: Record<string, unknown>;
}

/**
 * The inputs with the answer over them. Of the answer's `options`, only those its provider lists (`answerOptions`:
 * ids the server made with the session, such as Onfido's workflow run) are taken, over the host's: never a URL.
 */
export function withAnswer<T extends Pick<Inputs, 'provider' | 'sessionUrl' | 'sessionToken' | 'options'>>(
  inputs: T,
  answer: AnswerInputs | null,
): T {
  if (!answer) return inputs;
  const provider = answer.provider ?? inputs.provider;
  let options = inputs.options;
  const names =
    isProviderId(provider) && !(options instanceof InvalidJson)
      ? pluginFor(provider, options)?.frame.answerOptions
      : undefined;
  if (names && answer.options && !(options instanceof InvalidJson)) {
    options = { ...options };
    for (const name of names) {
      const value = answer.options[name];
      if (typeof value === 'string' && value.length <= 256) options[name] = value;
    }
  }
  return {
    ...inputs,
    provider,
    sessionUrl: answer.sessionUrl ?? inputs.sessionUrl,
    sessionToken: answer.sessionToken ?? inputs.sessionToken,
    options,
  };
}

/** The session endpoint and the provider it serves: an answer, and a stale session, belong to one binding. */
export function bindingOf(inputs: Pick<Inputs, 'provider' | 'sessionEndpoint'>): string {
  return inputs.sessionEndpoint ? `${inputs.provider} ${inputs.sessionEndpoint}` : '';
}

function invalid(problem: Problem): Resolution {
  return { kind: 'invalid', problem };
}
