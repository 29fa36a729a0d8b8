import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs';
import { sessionEndpoint } from './test/support/session-endpoint';


/**
 * @open-wc/testing probes for Web Test Runner's socket with a dynamic import it wraps in try/catch;
 * under Vitest that module does not exist, so it resolves to an empty one and the probe fails quietly.
 */
const webTestRunnerProbe = {
  name: 'wtr-socket-probe',
  resolveId: (id: string) => (id === '/__web-dev-server__web-socket.js' ? '\0wtr-socket' : undefined),
  load: (id: string) => (id === '\0wtr-socket' ? 'export {};' : undefined),
};

export default defineConfig({
  plugins: [webTestRunnerProbe],
  // Pre-bundled up front: a dependency discovered mid-run makes Vite reload the test page.
  optimizeDeps: { include: ['axe-core', '@open-wc/testing', 'react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', '@r2wc/core'] },
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        plugins: [sessionEndpoint()],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/servers.ts'],
          testTimeout: 15000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/build.ts'],
          testTimeout: 30000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
