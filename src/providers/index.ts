import { caf } from './caf';
import { didit } from './didit';
import { generic } from './generic';
import { idenfy } from './idenfy';
import { jumio, jumioSdk } from './jumio';
import { onfido } from './onfido';
import { persona } from './persona';
import { plaid } from './plaid';
import { stripe } from './stripe';
import { sumsub } from './sumsub';
import type { ProviderFrame } from './types';
import { veratad } from './veratad';
import { veriff } from './veriff';
import { yoti } from './yoti';
import { zignsec } from './zignsec';

/**
 * Every provider the widget speaks, by id: its frame facts and URL builder, `providers/<id>.ts`, with the element
 * (the frame is requested without waiting for the runtime). Its protocol, `protocols/<id>.ts`, comes with the
 * runtime; the bridge holds the frame's early messages until it is here.
 */
const FRAMES = {
  generic,
  persona,
  sumsub,
  veriff,
  jumio,
  idenfy,
  didit,
  yoti,
  veratad,
  caf,
  zignsec,
  // Delivered as the vendor's own script (`sdk`): loaded and mounted by the runtime's SDK adapters (src/sdk/).
  onfido,
  stripe,
  plaid,
};

export type ProviderId = keyof typeof FRAMES;

/**
 * The providers delivered as the vendor's script (`sdk` set): their adapters are the runtime's `sdk/`, not
 * `protocols/`. Jumio is both: its hosted page in a frame, or its web component with `options.sdk` (`providerFor`).
 */
export type SdkProviderId = 'onfido' | 'stripe' | 'plaid' | 'jumio';

/** The providers the widget frames itself, each with its protocol (`protocols/<id>.ts`). */
export type FrameProviderId = Exclude<ProviderId, 'onfido' | 'stripe' | 'plaid'>;

export const PROVIDER_IDS = Object.keys(FRAMES) as ProviderId[];

export function isProviderId(id: unknown): id is ProviderId {
  return typeof id === 'string' && Object.hasOwn(FRAMES, id);
}

export function frameFor(id: ProviderId): ProviderFrame<ProviderId> {
  return FRAMES[id];
}

/** The provider for these options: Jumio's web component with `options.sdk: true`, else the id's own. */
export function providerFor(id: ProviderId, options: Record<string, unknown>): ProviderFrame<ProviderId> {
  return id === 'jumio' && options.sdk === true ? jumioSdk : FRAMES[id];
}
