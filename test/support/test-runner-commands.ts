/**
 * Stands in for `@web/test-runner-commands` under Vitest's browser mode (vite.config.ts, project "browser").
 * `@open-wc/testing`'s DOM assertions import it for one feature, DOM snapshots (`equalSnapshot`), whose commands
 * talk to Web Test Runner's server (`/__web-dev-server__web-socket.js`), which Vitest does not have: importing the
 * real module fails to resolve. The snapshot commands say so if a test ever calls them; every other assertion of
 * `@open-wc/testing` (`dom`, `lightDom`, `shadowDom` `.equal`, `accessible()`) never does.
 */
function unavailable(): Promise<never> {
  return Promise.reject(
    new Error('@open-wc DOM snapshots need Web Test Runner: use Vitest’s toMatchSnapshot() instead'),
  );
}

export const getSnapshot = unavailable;
export const getSnapshotConfig = unavailable;
export const saveSnapshot = unavailable;
export const removeSnapshot = unavailable;
