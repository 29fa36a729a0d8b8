// The size budgets of the boots and of the classic-script builds, stated once: test/e2e/size.test.ts holds every build
// to them, `npm run bench` prints the all-in boot's and IIFE's sizes against theirs. The gauge: Node's zlib gzip at
// level 9 of the file. A budget is a ceiling that a change may lower and never raises without a reason written in the
// commit that needs it. A boot's budget leaves it about 16 B above its size: the boot names its chunks by their content
// hashes (`import("./chunks/talk-<hash>.js")`), and a change to a chunk alone moves the boot's gzip size by a few bytes.

/** dist/kyc-widget.js: the all-in boot, every provider's frame facts and builder. */
export const BOOT_BUDGET = 12_470;

/** @type {Record<string, number>} dist/kyc-widget-<id>.js: one provider's boot (the generic protocol rides along). */
export const PROVIDER_BUDGETS = {
  generic: 7_580,
  persona: 9_510,
  sumsub: 8_704,
  veriff: 7_850,
  jumio: 8_740,
  idenfy: 7_960,
  didit: 8_080,
  yoti: 8_080,
  veratad: 7_690,
  caf: 7_790,
  zignsec: 7_680,
  onfido: 8_620,
  stripe: 8_630,
  plaid: 8_570,
};

/**
 * @type {Record<string, number>} By boot file: the talk chunk it asks for right after the frame's request
 * (dist/chunks/talk-*.js: the frame bridge, the decoder, and the handshake answer and ready reader of each provider the
 * entry carries), which the frame's handshake answer and `kyc-ready` wait for.
 */
export const TALK_BUDGETS = {
  'kyc-widget.js': 3_490,
  'kyc-widget-generic.js': 1_780,
  'kyc-widget-persona.js': 1_980,
  'kyc-widget-sumsub.js': 2_440,
  'kyc-widget-veriff.js': 2_110,
  'kyc-widget-jumio.js': 1_990,
  'kyc-widget-idenfy.js': 1_830,
  'kyc-widget-didit.js': 1_920,
  'kyc-widget-yoti.js': 2_050,
  'kyc-widget-veratad.js': 1_840,
  'kyc-widget-caf.js': 1_910,
  'kyc-widget-zignsec.js': 1_850,
  'kyc-widget-onfido.js': 1_780,
  'kyc-widget-stripe.js': 1_780,
  'kyc-widget-plaid.js': 1_780,
};

/**
 * dist/kyc-widget.iife.js and dist/kyc-widget-<id>.iife.js, by file: the classic-script builds. Each is one file with
 * every lazy chunk inlined (the runtime, the screens with React, the languages, the modal), all of it downloaded before
 * the frame is requested.
 */
export const IIFE_BUDGETS = {
  'kyc-widget.iife.js': 121_810,
  'kyc-widget-generic.iife.js': 107_240,
  'kyc-widget-persona.iife.js': 110_260,
  'kyc-widget-sumsub.iife.js': 109_820,
  'kyc-widget-veriff.iife.js': 108_040,
  'kyc-widget-jumio.iife.js': 110_690,
  'kyc-widget-idenfy.iife.js': 107_960,
  'kyc-widget-didit.iife.js': 108_420,
  'kyc-widget-yoti.iife.js': 108_900,
  'kyc-widget-veratad.iife.js': 107_990,
  'kyc-widget-caf.iife.js': 108_190,
  'kyc-widget-zignsec.iife.js': 107_900,
  'kyc-widget-onfido.iife.js': 109_670,
  'kyc-widget-stripe.iife.js': 109_290,
  'kyc-widget-plaid.iife.js': 109_450,
};
