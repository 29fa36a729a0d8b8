import { buildAll } from '../../scripts/build.mjs';

/** The e2e tests exercise what ships: build dist/ once before them. */
export default async function setup() {
  // Said aloud: the build takes about a minute, and no test reports before it ends.
  const started = Date.now();
  console.log('e2e: building dist/ (vite, tsc, the manifest) before the end-to-end tests…');
  await buildAll({ quiet: true });
  console.log(`e2e: dist/ built in ${Math.round((Date.now() - started) / 1000)} s`);
}
