/**
 * The six provider adapters, as one lazily loaded chunk (see providers/index.ts): a page using any of
 * them makes one request, with nothing chained behind it.
 */
export { persona } from './persona';
export { sumsub } from './sumsub';
export { veriff } from './veriff';
export { jumio } from './jumio';
export { idenfy } from './idenfy';
export { didit } from './didit';
