import { Problem } from '../../frame/problem';
import { booleanOption, oneOf } from '../options';
import type { ProviderFrame } from '../types';
import { copy, needs, setMissing, tokenOf } from '../url';

/**
 * Didit's verification frame (docs/providers/didit.md): `https://verify.didit.me/session/<token>` or a session URL;
 * `sdk_presentation=embedded` turns on the frame's `didit:layout` messages.
 */

export const DIDIT_HOST = 'https://verify.didit.me';

/** A Didit session token used as a path segment: no `/`, no `..`, nothing that needs escaping. */
export const DIDIT_TOKEN = /^[A-Za-z0-9_-]{1,512}$/;

export const didit: ProviderFrame<'didit'> = {
  id: 'didit',
  origins: [DIDIT_HOST],
  // As @didit-protocol/sdk-web 0.4 sets it, with the clipboard Didit's current docs list.
  allow: 'camera; microphone; fullscreen; autoplay; encrypted-media; geolocation; clipboard-write',

  frameUrl({ sessionUrl, sessionToken, options }) {
    const camera = cameraParams(options);
    if (camera instanceof Problem) return camera;
    const token = tokenOf(sessionToken) ?? '';
    if (!sessionUrl && sessionToken === undefined) return needs('didit');
    if (!sessionUrl && !DIDIT_TOKEN.test(token)) return new Problem('token', 'didit');
    const url = copy(sessionUrl ?? new URL(`/session/${token}`, DIDIT_HOST));
    setMissing(url, 'sdk_presentation', 'embedded');
    // Set, not setMissing: @didit-protocol/sdk-web 0.4 lets its configuration win over the URL's value.
    for (const [name, value] of camera) url.searchParams.set(name, value);
    return { url };
  },
};

/** The camera options of @didit-protocol/sdk-web 0.4 (`buildVerificationUrl`), under the SDK's own names. */
function cameraParams(options: Record<string, unknown>): Array<[string, string]> | Problem {
  const pairs: Array<[string, string]> = [];
  for (const [key, name] of [
    ['defaultDocumentCamera', 'document_camera'],
    ['defaultLivenessCamera', 'liveness_camera'],
  ] as const) {
    const lens = oneOf(options, key, ['front', 'back'] as const);
    if (lens instanceof Problem) return lens;
    if (lens) pairs.push([name, lens]);
  }
  for (const [key, name] of [
    ['showDocumentCameraSwitchButton', 'document_camera_switch'],
    ['showLivenessCameraSwitchButton', 'liveness_camera_switch'],
  ] as const) {
    const shown = booleanOption(options, key);
    if (shown instanceof Problem) return shown;
    if (shown !== undefined) pairs.push([name, String(shown)]);
  }
  return pairs;
}
