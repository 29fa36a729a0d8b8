import type { Hear } from './types';

/**
 * The reader of a frame that sends no ready message (iDenfy, Veratad, ZignSec, CAF, Yoti's URL launch): its iframe's
 * first `load` is ready. A navigation inside the frame fires `load` again; that one is not. A `load` also fires for a
 * frame the provider's framing policy refused, so such a frame shows as ready, not as `frame-load-timeout` (each
 * provider's docs page says so).
 */
export function readyOnFirstLoad(): Hear {
  let loaded = false;
  return (message) => {
    if (message || loaded) return undefined;
    loaded = true;
    return { said: 'ready' };
  };
}
