import { Problem } from '../../frame/problem';
import { oneOf } from '../options';
import type { ProviderFrame } from '../types';
import { givenToken, sessionUrlOnly } from '../url';

/**
 * Jumio's web client in an iframe (docs/providers/jumio.md): the `web.href` link from Jumio's API, complete as
 * issued (locale and look are set when the backend creates it). Regional hosts differ in their first label, hence
 * the one-label wildcards.
 */
export const jumio: ProviderFrame<'jumio'> = {
  id: 'jumio',
  origins: [
    'https://*.web.amer-1.jumio.ai',
    'https://*.web.emea-1.jumio.ai',
    'https://*.web.apac-1.jumio.ai',
    'https://*.netverify.com',
  ],
  allow: 'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
  frameUrl: sessionUrlOnly('jumio'),
};

/** `<jumio-sdk>`'s `dc` → the region of its API (`@jumio/websdk@0.3.19` js/index.BEBD0ZpD.js). */
const REGIONS = { us: 'amer-1', eu: 'emea-1', sgp: 'apac-1' } as const;

/**
 * Jumio's web component, `<jumio-sdk>` (`@jumio/websdk@0.3.19`), the second way into `jumio`: `options.sdk: true`
 * (docs/providers/jumio.md). The package is UNLICENSED: the host imports it (it defines the element), the widget
 * never bundles or serves it, and mounts one element in its own box with the session token (`sdk.token` of Jumio's
 * account API), `options.dc` and the widget's language. The URL is the API the element calls for that `dc`, what the
 * page's `connect-src` must allow; nothing is loaded from it.
 */
export const jumioSdk: ProviderFrame<'jumio'> = {
  id: 'jumio',
  origins: ['https://web-sdk.amer-1.jumio.ai', 'https://web-sdk.emea-1.jumio.ai', 'https://web-sdk.apac-1.jumio.ai'],
  allow: 'camera',
  applies: (options) => options.sdk === true,
  sdk: { mount: 'inline', delivery: { kind: 'element', tag: 'jumio-sdk' } },
  // The account's data centre, from the server half (jumioSessions), over the host's.
  answerOptions: ['dc'],
  frameUrl({ options, sessionToken }) {
    const dc = oneOf(options, 'dc', ['us', 'eu', 'sgp'] as const);
    if (dc instanceof Problem) return dc;
    const token = givenToken(sessionToken, 'jumio');
    if (token instanceof Problem) return token;
    return token
      ? { url: new URL(`https://web-sdk.${REGIONS[dc ?? 'us']}.jumio.ai/websdk/v4/api`) }
      : new Problem('needs', 'jumio-sdk');
  },
};
