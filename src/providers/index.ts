import { caf } from './caf/frame';
import { didit } from './didit/frame';
import { generic } from './generic/frame';
import { idenfy } from './idenfy/frame';
import { jumio } from './jumio/frame';
import { persona } from './persona/frame';
import { sumsub } from './sumsub/frame';
import { veratad } from './veratad/frame';
import { veriff } from './veriff/frame';
import { yoti } from './yoti/frame';
import { zignsec } from './zignsec/frame';
import type { ProviderFrame, ProviderProtocol } from './types';

/**
 * Every provider the widget speaks. Their frame parts (URL, origins, allow) are here, in the first
 * chunk: a frame is requested without waiting for any download. Their protocols (decoders and replies)
 * are one lazy chunk (protocols.ts), fetched while the frame loads; the bridge holds early messages.
 * Adding a provider: its folder (frame.ts, protocol.ts), one line here and one in protocols.ts.
 */
export const FRAMES = [generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf, zignsec] as const;

export type ProviderId = (typeof FRAMES)[number]['id'];

export const PROVIDER_IDS: readonly ProviderId[] = FRAMES.map((frame) => frame.id);

const BY_ID = new Map<string, ProviderFrame<ProviderId>>(FRAMES.map((frame) => [frame.id, frame]));

export function isProviderId(id: unknown): id is ProviderId {
  return typeof id === 'string' && BY_ID.has(id);
}

export function frameFor(id: ProviderId): ProviderFrame<ProviderId> {
  return BY_ID.get(id)!;
}

let protocols: Readonly<Record<ProviderId, ProviderProtocol>> | undefined;
let pending: Promise<Readonly<Record<ProviderId, ProviderProtocol>>> | undefined;

/** The provider's protocol if its chunk is already here (always, in the one-file IIFE build after start-up). */
export function protocolNow(id: ProviderId): ProviderProtocol | undefined {
  return protocols?.[id];
}

/** Fetches the protocols' chunk once; a failed fetch may be tried again. */
export function loadProtocol(id: ProviderId): Promise<ProviderProtocol> {
  pending ??= import('./protocols').then(
    (chunk) => (protocols = chunk.PROTOCOLS),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending.then((all) => all[id]);
}
