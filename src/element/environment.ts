import type { FrameContext } from '../providers/types';
import type { Inputs } from './inputs';
import { languageOf } from './language';

/** Where a frame is resolved: the page, the person's language, and the screen. */
export interface Environment {
  locale: string;
  hostOrigin: string;
  /** The origins of the frames above the page, nearest first (none on a top-level page, nor in Firefox). */
  ancestors?: string[];
  /** A phone-sized or touch-only screen (Veriff's protocol asks its frame for the mobile layout). */
  mobile?: boolean;
  /** Base for a relative session endpoint (the document's URL). */
  baseUrl?: string;
}

/** The environment of `host`'s page; `locale`: the input, or a language already resolved. */
export function environment(host: Element, locale: string | undefined): Environment {
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  return {
    locale: languageOf(host, locale),
    hostOrigin: win?.location.origin ?? '',
    baseUrl: doc.baseURI,
    ancestors: [...(win?.location.ancestorOrigins ?? [])],
    mobile: typeof win?.matchMedia === 'function' && win.matchMedia('(max-width: 767px), (hover: none)').matches,
  };
}

/** The context a provider's frame is built in. Options that are not a JSON object were refused before. */
export function frameContext(inputs: Inputs, env: Environment, sessionUrl: URL | undefined): FrameContext {
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
  if (env.mobile) context.mobile = true;
  return context;
}
