/**
 * The architecture of src/, declared once. Every file has one role: the first row whose `files` matches its path
 * under src/. A role says which chunk of the standalone build its files are in, and what they may import: values
 * (static or dynamic imports) only from the roles in `uses` (and its own), types only from those and `types`. A file
 * of a provider's folder (`providers/<id>/`) imports nothing of another provider's folder.
 *
 * Read by test/unit/layers.test.ts (every import of src/), test/e2e/chunks.test.ts (every module's chunk) and
 * test/unit/architecture-doc.test.ts (docs/architecture.md's table is this one, rendered by `architectureTable`).
 * Nothing in the bundles imports it.
 */

export interface Role {
  readonly role: string;
  /** The files, by their path under src/. */
  readonly files: RegExp;
  /**
   * Where the standalone builds put them: `boot` (dist/kyc-widget.js, or a one-provider entry's), `runtime` (fetched
   * after the frame's request, with the protocols of the providers the bundle registered), a lazy chunk of that name
   * (`$1`: the file's name), or `server` (kyc-widget/server's build only). The builds follow this column
   * (vite.config.ts), and test/e2e/chunks.test.ts checks the result.
   */
  readonly chunk: string;
  /** The roles whose values it may import (dynamic imports included). */
  readonly uses: readonly string[];
  /** The roles it may import types from, besides `uses`. */
  readonly types?: readonly string[];
  readonly holds: string;
}

export const ARCHITECTURE: readonly Role[] = [
  {
    role: 'frame talk',
    files: /^frame\/(bridge|decode|secrets)\.ts$/,
    chunk: 'talk',
    uses: ['frame'],
    types: ['provider kit'],
    holds:
      "the frame bridge (the message guard, the queue, the stand-in's early answer), the bounded decoder, the secrets' check: fetched with the frame",
  },
  {
    role: 'frame',
    files: /^frame\//,
    chunk: 'boot',
    uses: [],
    holds:
      'the iframe as it is made and its messages kept until the bridge is here, the URL rules, the allowlist, `Problem`',
  },
  {
    role: 'provider list',
    files: /^providers\/(all|plugins)\.ts$/,
    chunk: 'boot',
    uses: ['provider kit', 'provider plug-in'],
    holds: 'the registry line of each provider (plugins.ts), and all of them together for the all-in bundle',
  },
  {
    role: 'vendor loader',
    files: /^providers\/vendor\.ts$/,
    chunk: 'vendor',
    uses: ['provider kit'],
    holds:
      "loading an SDK-hosted provider's code (a module's export, a script's global, a page's element); in the boot of such a provider's own entry",
  },
  {
    role: 'provider kit',
    files: /^providers\/[\w-]+\.ts$/,
    chunk: 'boot',
    uses: ['frame'],
    types: ['frame talk', 'protocol kit', 'sdk kit', 'provider list', 'vendor loader'],
    holds: "the registry, the contracts of a provider's parts, the option and URL helpers",
  },
  {
    role: 'provider plug-in',
    files: /^providers\/[\w-]+\/index\.ts$/,
    chunk: 'boot',
    uses: ['provider kit', 'provider frame', 'provider talk', 'provider protocol', 'provider sdk', 'vendor loader'],
    holds: 'one provider as a bundle carries it: its frame, and the loaders of its talk and protocol or SDK adapter',
  },
  {
    role: 'provider talk',
    files: /^providers\/[\w-]+\/talk\.ts$/,
    chunk: 'talk',
    uses: ['frame', 'frame talk', 'provider kit', 'provider frame'],
    holds: "how a frame provider's frame talks: its handshake's answer and its reader of the ready and the start",
  },
  {
    role: 'provider protocol',
    files: /^providers\/[\w-]+\/protocol\.ts$/,
    chunk: 'runtime',
    uses: ['frame', 'frame talk', 'provider kit', 'provider frame', 'provider talk', 'protocol kit'],
    holds: "a frame provider's messages: decoding them into signals, replying at the exact origin",
  },
  {
    role: 'provider sdk',
    files: /^providers\/[\w-]+\/sdk\.ts$/,
    chunk: 'sdk',
    uses: ['frame', 'provider kit', 'provider frame', 'sdk kit'],
    types: ['protocol kit'],
    holds: "an SDK-hosted provider's adapter: mounting the vendor's code, its callbacks into signals, its teardown",
  },
  {
    role: 'provider server',
    files: /^providers\/[\w-]+\/(session|webhook|webhook-keys)\.ts$/,
    chunk: 'server',
    uses: ['server kit'],
    holds:
      "a provider's session client and webhook scheme (Plaid's: its verification keys), for kyc-widget/server only",
  },
  {
    role: 'provider frame',
    files: /^providers\/[\w-]+\/[\w-]+\.ts$/,
    chunk: 'boot',
    uses: ['frame', 'provider kit'],
    holds: "a provider's facts (origins, `allow`, `sandbox`) and its frame URL builder",
  },
  {
    role: 'protocol kit',
    files: /^protocols\//,
    chunk: 'runtime',
    uses: ['frame', 'frame talk'],
    types: ['provider kit'],
    holds: "the protocols' contract (`Signal`, `ProviderProtocol`), field readers and signal builders",
  },
  {
    role: 'sdk kit',
    files: /^sdk\//,
    chunk: 'sdk',
    uses: [],
    types: ['protocol kit', 'provider kit'],
    holds: "the SDK adapters' contract (`SdkAdapter`, `SdkPort`) and what they share",
  },
  {
    role: 'flow',
    files: /^flow\//,
    chunk: 'runtime',
    uses: [],
    types: ['protocol kit', 'provider kit'],
    holds: 'pure decisions: `step(model, event)`, the state machine, the public states, events and error codes',
  },
  {
    role: 'session',
    files: /^session\//,
    chunk: 'boot',
    uses: ['frame', 'provider kit'],
    holds: "the session endpoint's request and the reading of its answer",
  },
  {
    role: 'element',
    files: /^element\//,
    chunk: 'boot',
    uses: ['frame', 'frame talk', 'provider kit', 'session'],
    types: ['flow'],
    holds: 'the custom element, its input table, the one resolution of the inputs, the stand-in and its first step',
  },
  {
    role: 'i18n',
    files: /^i18n\/(index|types)\.ts$/,
    chunk: 'runtime',
    uses: ['element', 'language'],
    types: ['flow'],
    holds: "English, the loading of other languages, the text's shapes",
  },
  {
    role: 'language',
    files: /^i18n\/locales\/([\w-]+)\.ts$/,
    chunk: '$1',
    uses: [],
    types: ['i18n', 'flow'],
    holds: "one other language: the element's words and the screens'",
  },
  { role: 'styles', files: /^styles\//, chunk: 'runtime', uses: [], holds: "the widget's stylesheet" },
  {
    role: 'ui',
    files: /^ui\//,
    chunk: 'screens-element',
    uses: ['i18n', 'styles'],
    types: ['flow'],
    holds: 'the React screens wrapped by r2wc (a pure function of props) and their view model',
  },
  { role: 'modal', files: /^modal\//, chunk: 'modal', uses: ['styles'], holds: 'the native dialog shell' },
  {
    role: 'runtime',
    files: /^runtime\//,
    chunk: 'runtime',
    uses: [
      'frame',
      'frame talk',
      'provider kit',
      'protocol kit',
      'flow',
      'session',
      'element',
      'i18n',
      'styles',
      'ui',
      'modal',
    ],
    types: ['sdk kit', 'vendor loader'],
    holds: "the controller that carries out step's effects, and the parts that report to it",
  },
  {
    role: 'entries',
    files: /^[\w.-]+\.tsx?$/,
    chunk: 'boot',
    uses: ['element', 'flow', 'provider kit', 'provider list', 'runtime'],
    types: ['protocol kit'],
    holds: 'the public API, the definitions of the tag, the typed bindings for frameworks',
  },
  {
    role: 'server kit',
    files:
      /^server\/(errors|session-types|values|providers\/call|webhooks\/(crypto|fields|headers|hmac-body|secrets|timestamped|types|unsigned))\.ts$/,
    chunk: 'server',
    uses: [],
    holds:
      "what the providers' session clients and webhook schemes share: the call, the errors, the field readers, HMAC",
  },
  {
    role: 'server',
    files: /^server\//,
    chunk: 'server',
    uses: ['frame', 'provider kit', 'provider list', 'element', 'server kit', 'provider server'],
    holds: 'kyc-widget/server: sessions, webhooks, the decision ledger, the server-rendered element',
  },
];

/** The row of a file, by its path under src/ (`/` separators). */
export function roleOf(file: string): Role | undefined {
  if (file === 'architecture.ts') return undefined;
  return ARCHITECTURE.find((row) => row.files.test(file));
}

/** The chunk a file of this role lands in (its language filled in). */
export function chunkOf(file: string): string | undefined {
  const row = roleOf(file);
  return row && row.chunk.replace('$1', row.files.exec(file)?.[1] ?? '');
}

/** The table docs/architecture.md shows, as Markdown: one line per role, in this order. */
export function architectureTable(): string {
  const cell = (roles: readonly string[] | undefined) => (roles?.length ? roles.join(', ') : '—');
  const lines = [
    '| role | files (under `src/`) | chunk | uses | types from | what it holds |',
    '| --- | --- | --- | --- | --- | --- |',
    ...ARCHITECTURE.map(
      (row) =>
        `| ${row.role} | \`${row.files.source.replaceAll('|', '\\|')}\` | ${row.chunk} | ${cell(row.uses)} | ${cell(row.types)} | ${row.holds} |`,
    ),
  ];
  return lines.join('\n');
}
