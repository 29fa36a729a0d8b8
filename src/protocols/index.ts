import { cafProtocol } from './caf';
import { diditProtocol } from './didit';
import { genericProtocol } from './generic';
import { idenfyProtocol } from './idenfy';
import type { FrameProviderId } from '../providers/index';
import { jumioProtocol } from './jumio';
import { personaProtocol } from './persona';
import { sumsubProtocol } from './sumsub';
import type { ProviderProtocol } from './types';
import { veratadProtocol } from './veratad';
import { veriffProtocol } from './veriff';
import { yotiProtocol } from './yoti';
import { zignsecProtocol } from './zignsec';

/** Every provider's decoder and replies, by id: they come with the runtime, one request with nothing chained behind it. */
export const PROTOCOLS: Readonly<Record<FrameProviderId, ProviderProtocol>> = {
  generic: genericProtocol,
  persona: personaProtocol,
  sumsub: sumsubProtocol,
  veriff: veriffProtocol,
  jumio: jumioProtocol,
  idenfy: idenfyProtocol,
  didit: diditProtocol,
  yoti: yotiProtocol,
  veratad: veratadProtocol,
  caf: cafProtocol,
  zignsec: zignsecProtocol,
};
