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
import type { ProviderId } from './index';
import type { ProviderFrame } from './types';

/**
 * Every provider's frame with its checks (the runtime's): the facts and URL builders are the boot's
 * (boot/frames.ts), the checks of the host's inputs, with a sentence for each problem, are here.
 */
export const FRAMES = [generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf, zignsec] as const;

const BY_ID = new Map<string, ProviderFrame<ProviderId>>(FRAMES.map((frame) => [frame.id, frame]));

export function frameFor(id: ProviderId): ProviderFrame<ProviderId> {
  return BY_ID.get(id)!;
}
