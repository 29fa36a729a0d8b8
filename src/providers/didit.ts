import { DIDIT_HOST, diditUrl, FACTS, tokenOf } from './facts';
import type { ProviderFrame } from './types';
import { booleanOption, oneOf } from './options';

/**
 * Didit's verification frame (docs/providers/didit.md): `https://verify.didit.me/session/<token>` or a
 * session URL; `sdk_presentation=embedded` turns on the frame's `didit:layout` messages.
 */

export { DIDIT_HOST } from './facts';

/** A Didit session token used as a path segment: no `/`, no `..`, nothing that needs escaping. */
export const DIDIT_TOKEN = /^[A-Za-z0-9_-]{1,512}$/;

export const didit: ProviderFrame<'didit'> = {
  id: 'didit',
  ...FACTS.didit,

  frameUrl({ sessionUrl, sessionToken, options }) {
    const camera = cameraParams(options);
    if (!camera.ok) return camera;
    const token = tokenOf(sessionToken) ?? '';
    if (!sessionUrl && sessionToken === undefined)
      return { ok: false, message: "Didit needs a session-url (the session url from Didit's API) or a session-token" };
    if (!sessionUrl && !DIDIT_TOKEN.test(token))
      return { ok: false, message: 'session-token is not a valid Didit session token' };
    const url = diditUrl(sessionUrl ?? new URL(`/session/${token}`, DIDIT_HOST));
    // Set, not setMissing: @didit-protocol/sdk-web 0.4 lets its configuration win over the URL's value.
    for (const [name, value] of camera.value) url.searchParams.set(name, value);
    return { ok: true, url };
  },
};

/** The camera options of @didit-protocol/sdk-web 0.4 (`buildVerificationUrl`), under the SDK's own names. */
function cameraParams(
  options: Record<string, unknown>,
): { ok: true; value: Array<[string, string]> } | { ok: false; message: string } {
  const pairs: Array<[string, string]> = [];
  for (const [key, name] of [
    ['defaultDocumentCamera', 'document_camera'],
    ['defaultLivenessCamera', 'liveness_camera'],
  ] as const) {
    const lens = oneOf(options, key, ['front', 'back'] as const);
    if (!lens.ok) return lens;
    if (lens.value) pairs.push([name, lens.value]);
  }
  for (const [key, name] of [
    ['showDocumentCameraSwitchButton', 'document_camera_switch'],
    ['showLivenessCameraSwitchButton', 'liveness_camera_switch'],
  ] as const) {
    const shown = booleanOption(options, key);
    if (!shown.ok) return shown;
    if (shown.value !== undefined) pairs.push([name, String(shown.value)]);
  }
  return { ok: true, value: pairs };
}
