import { buildAll } from '../../scripts/build.mjs';

/** The e2e tests exercise what ships: build dist/ once before them. */
export default async function setup() {
  await buildAll({ quiet: true });
}
