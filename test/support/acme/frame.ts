import type { ProviderFrame } from '../../../src/providers/types';
import { sessionUrlOnly } from '../../../src/providers/url';

/**
 * Acme, a provider that exists only in the tests (test/browser/plugin.test.ts): added as docs/architecture.md's
 * "Adding a provider" says, a folder and a registry line. Its frame (page.html) says `{acme: 'hello'}` and waits for
 * `{acme: 'welcome'}`, then says `ready`, `started`, and `done` with an outcome (talk.ts reads the first two).
 */
export const acme: ProviderFrame<'acme'> = {
  id: 'acme',
  origins: [],
  allow: 'camera',
  frameUrl: sessionUrlOnly('acme'),
};
