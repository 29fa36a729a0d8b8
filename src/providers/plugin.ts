import type { ProviderProtocol } from '../protocols/types';
import type { SdkAdapter } from '../sdk/types';
import type { ProviderFrame, ProviderTalk } from './types';
import type * as Vendor from './vendor';

/**
 * A provider as a bundle carries it (`providers/<id>/index.ts`, registered by the entries: providers/registry.ts):
 * its frame facts and builder, in the boot; how its frame talks, fetched when the frame is requested; and what the runtime fetches when the provider runs, the frame's
 * protocol or the SDK adapter, in a chunk of its own.
 */
export interface ProviderPlugin {
  readonly frame: ProviderFrame;
  /**
   * What a frame provider's frame says, read (`providers/<id>/talk.ts`): the boot fetches it, with the frame bridge,
   * when it requests the frame.
   */
  readonly talk?: () => Promise<{ default: ProviderTalk }>;
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
