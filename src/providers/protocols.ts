import { cafProtocol } from './caf/protocol';
import { diditProtocol } from './didit/protocol';
import { genericProtocol } from './generic/protocol';
import { idenfyProtocol } from './idenfy/protocol';
import type { ProviderId } from './index';
import { jumioProtocol } from './jumio/protocol';
import { personaProtocol } from './persona/protocol';
import { sumsubProtocol } from './sumsub/protocol';
import type { ProviderProtocol } from './types';
import { veratadProtocol } from './veratad/protocol';
import { veriffProtocol } from './veriff/protocol';
import { yotiProtocol } from './yoti/protocol';
import { zignsecProtocol } from './zignsec/protocol';

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
