import { caf } from './caf';
import { didit } from './didit';
import { generic } from './generic';
import { idenfy } from './idenfy';
import { jumio } from './jumio';
import { persona } from './persona';
import { sumsub } from './sumsub';
import type { ProviderFrame } from './types';
import { veratad } from './veratad';
import { veriff } from './veriff';
import { yoti } from './yoti';
import { zignsec } from './zignsec';

/**
 * Every provider the widget speaks, by id: its frame facts and URL builder, `providers/<id>.ts`, in the first chunk
 * (the frame is requested without waiting for any download). Its protocol, `protocols/<id>.ts`, comes with the
 * runtime; the bridge holds the frame's early messages until it is here.
 */
const FRAMES = { generic, persona, sumsub, veriff, jumio, idenfy, didit, yoti, veratad, caf, zignsec };

export type ProviderId = keyof typeof FRAMES;

export const PROVIDER_IDS = Object.keys(FRAMES) as ProviderId[];

export function isProviderId(id: unknown): id is ProviderId {
  return typeof id === 'string' && Object.hasOwn(FRAMES, id);
}

export function frameFor(id: ProviderId): ProviderFrame<ProviderId> {
  return FRAMES[id];
}
