import { waitUntil as pollUntil } from '@open-wc/testing';

/**
 * The browser tests' one wait for a condition: @open-wc/testing's `waitUntil` with the project's default of 5 s
 * instead of its 1 s. A vendor's script, a frame and its ready each cross a process boundary, and on a loaded
 * 2-core machine one second is not enough for them; a test that needs longer says so with `timeout`. It waits for a
 * condition, never for a time: a condition met at once costs nothing.
 */
export const WAIT_TIMEOUT_MS = 5000;

export function waitUntil(
  condition: () => unknown,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return pollUntil(condition, message, { timeout: WAIT_TIMEOUT_MS, ...options });
}
