import type { ProviderPlugin } from './plugin';
import type * as providers from './plugins';
import type { ProviderFrame } from './types';

/**
 * A provider of the package: each line of providers/plugins.ts, the registry of the providers' folders
 * (`providers/<id>/`: its frame, its protocol or SDK adapter, its server half, its docs page). Which of them a page
 * can run is what its bundle registered (`register`): all of them in the all-in bundle (src/index.ts), generic and
 * one in a one-provider entry (`kyc-widget/<id>`).
 */
export type ProviderId = keyof typeof providers;

/** The `provider` input: a provider, or `auto` (the session endpoint's answer names the provider; flow/failover.ts). */
export type ProviderChoice = ProviderId | 'auto';

const plugins: ProviderPlugin[] = [];

/**
 * Whether this bundle registered every provider of the package (the all-in bundle): for the problem's words and the
 * `auto` paths. Each reader asks `!__KYC_ONE_PROVIDER__ && carries.all`, so that a one-provider build, which knows at
 * build time that it is one, drops those paths (vite.config.ts `buildFlags`).
 */
export const carries = { all: false };

/** Makes providers available to every element on the page (the entries call it; twice is harmless). */
export function register(...added: ProviderPlugin[]): void {
  for (const plugin of added) if (!plugins.includes(plugin)) plugins.push(plugin);
}

/** Whether `id` names a provider this bundle carries. */
export function isProviderId(id: unknown): id is ProviderId {
  return plugins.some((plugin) => plugin.frame.id === id);
}

/**
 * The registered plug-in that runs provider `id` with these options: the one whose `applies` takes them (Jumio's web
 * component, `options.sdk: true`), else its plain one; undefined when this bundle does not carry the provider.
 */
export function pluginFor(id: ProviderId, options: Record<string, unknown> = {}): ProviderPlugin | undefined {
  let plain: ProviderPlugin | undefined;
  for (const plugin of plugins) {
    if (plugin.frame.id !== id) continue;
    if (!plugin.frame.applies) plain ??= plugin;
    else if (plugin.frame.applies(options)) return plugin;
  }
  return plain;
}

/** The frame facts and builder of provider `id` with these options (`pluginFor`). */
export function frameFor(id: ProviderId, options?: Record<string, unknown>): ProviderFrame | undefined {
  return pluginFor(id, options)?.frame;
}

/** The providers this bundle carries, as `provider` names them. */
export function registeredIds(): ProviderId[] {
  return [...new Set(plugins.map((plugin) => plugin.frame.id as ProviderId))];
}
