import type { ProviderPlugin } from '../plugin';
import { jumio, jumioSdk } from './frame';

/**
 * Jumio as a bundle carries it, two ways in: its hosted page in a frame (its protocol fetched with the runtime), and
 * its web component `<jumio-sdk>` with `options.sdk: true` (its adapter fetched when it runs).
 */
export default [
  { frame: jumio, talk: () => import('./talk'), protocol: () => import('./protocol') },
  {
    frame: jumioSdk,
    adapter: () => import('./sdk'),
    vendor: () => import('../vendor'),
  },
] satisfies ProviderPlugin[];
