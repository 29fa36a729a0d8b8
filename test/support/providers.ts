import { PROVIDER_IDS } from '../../src/index';
import { frameFor, type ProviderId } from '../../src/providers/registry';
import type { ProviderProtocol } from '../../src/protocols/types';
import type { ProviderFrame, ProviderTalk } from '../../src/providers/types';

/** The tests' providers: every one, registered by the all-in entry (src/index.ts). */
export { PROVIDER_IDS };

/** The providers delivered as the vendor's script (an SDK adapter, not a frame protocol). */
export type SdkProviderId = 'onfido' | 'stripe' | 'plaid';
/** The providers the widget frames itself, each with its protocol (`providers/<id>/protocol.ts`). */
export type FrameProviderId = Exclude<ProviderId, SdkProviderId>;

/** Provider `id`'s frame facts and builder (registered above: never undefined). */
export function frameOf(id: ProviderId, options?: Record<string, unknown>): ProviderFrame {
  const frame = frameFor(id, options);
  if (!frame) throw new Error(`${id} is not registered`);
  return frame;
}

export const FRAME_PROVIDER_IDS = PROVIDER_IDS.filter((id): id is FrameProviderId => !frameOf(id).sdk);

const protocolModules = import.meta.glob<Record<string, ProviderProtocol>>('../../src/providers/*/protocol.ts', {
  eager: true,
});

/** Every frame provider's protocol by id, loaded up front (the widget fetches each with the runtime). */
export const PROTOCOLS = Object.fromEntries(
  Object.entries(protocolModules).map(([file, module]) => [
    file.split('/').at(-2),
    Object.values(module).find((value) => typeof value === 'object' && value && 'createSession' in value),
  ]),
) as Record<FrameProviderId, ProviderProtocol>;

const talkModules = import.meta.glob<ProviderTalk>('../../src/providers/*/talk.ts', { eager: true, import: 'default' });

/** How provider `id`'s frame talks (`providers/<id>/talk.ts`), or nothing for an SDK-hosted provider. */
export function talkOf(id: ProviderId): ProviderTalk {
  return talkModules[`../../src/providers/${id}/talk.ts`] ?? {};
}
