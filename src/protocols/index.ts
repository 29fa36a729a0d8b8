import { cafProtocol } from './caf';
import { diditProtocol } from './didit';
import { genericProtocol } from './generic';
import { idenfyProtocol } from './idenfy';
import type { ProviderId } from '../providers/index';
import { jumioProtocol } from './jumio';
import { personaProtocol } from './persona';
import { sumsubProtocol } from './sumsub';
import type { ProviderProtocol } from './types';
import { veratadProtocol } from './veratad';
import { veriffProtocol } from './veriff';
import { yotiProtocol } from './yoti';
import { zignsecProtocol } from './zignsec';

/** Every provider's decoder and replies: one lazy chunk, so a page makes one request with nothing chained behind it. */
export const PROTOCOLS: Readonly<Record<ProviderId, ProviderProtocol>> = {
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
