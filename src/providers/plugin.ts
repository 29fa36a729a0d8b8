import type { ProviderProtocol } from '../protocols/types';
import type { SdkAdapter } from '../sdk/types';
import type { ProviderFrame } from './types';
import type * as Vendor from './vendor';

/**
 * A provider as a bundle carries it (`providers/<id>/index.ts`, registered by the entries: providers/registry.ts):
 * its frame facts and builder, in the boot, and what the runtime fetches when the provider runs, the frame's
 * protocol or the SDK adapter, in a chunk of its own.
 */
export interface ProviderPlugin {
  readonly frame: ProviderFrame;
  /** A frame provider's protocol (`providers/<id>/protocol.ts`). */
  readonly protocol?: () => Promise<{ default: ProviderProtocol }>;
  /** An SDK-hosted provider's adapter (`providers/<id>/sdk.ts`). */
  readonly adapter?: () => Promise<{ default: SdkAdapter }>;
  /**
   * An SDK-hosted provider's loader of the vendor's code (providers/vendor.ts), which the boot starts in the task the
   * inputs resolve: in the boot of that provider's own entry, a chunk of its own in the all-in bundle.
   */
  readonly vendor?: () => Promise<typeof Vendor>;
}
