import type { FrameContext } from '../providers/types';
import type { Inputs } from './inputs';
import { languageOf } from './language';

/**
 * The environment a frame is resolved in, as the runtime's Configuration reads it, but for `mobile`: no builder
 * reads it (Veriff's protocol does), so the runtime adds it to the boot's frame when it takes the frame over.
 */
export function environment(host: Element, locale: string | undefined) {
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  const ancestors = [...(win?.location.ancestorOrigins ?? [])]; // none on a top-level page (nor in Firefox)
  return { locale: languageOf(host, locale), hostOrigin: win?.location.origin ?? '', baseUrl: doc.baseURI, ancestors };
}

/**
 * The context a provider's frame is built in, the same for the boot and the runtime's `resolveFrame` (which adds
 * `mobile`). Both have refused options that are not a JSON object before they get here.
 */
export function frameContext(
  inputs: Inputs,
  env: { locale: string; hostOrigin: string; ancestors?: string[] },
  sessionUrl: URL | undefined,
): FrameContext {
  const context: FrameContext = {
    sessionUrl,
    sessionToken: inputs.sessionToken,
    options: inputs.options as Record<string, unknown>,
    locale: env.locale,
    theme: inputs.theme,
    hostOrigin: env.hostOrigin,
    mode: inputs.mode,
  };
  if (env.ancestors?.length) context.ancestors = env.ancestors;
  return context;
}
