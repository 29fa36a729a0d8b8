import { caf } from './caf';
import { didit } from './didit';
import { generic } from './generic';
import { idenfy } from './idenfy';
import { jumio } from './jumio';
import { persona } from './persona';
import { sumsub } from './sumsub';
import { veratad } from './veratad';
import { veriff } from './veriff';
import { yoti } from './yoti';
import { zignsec } from './zignsec';
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
