// The size budgets of the boots and of the classic-script builds, stated once: test/e2e/size.test.ts holds every build
// to them, `npm run bench` prints the all-in boot's and IIFE's sizes against theirs. The gauge: Node's zlib gzip at
// level 9 of the file. A budget is a ceiling that a change may lower and never raises without a reason written in the
// commit that needs it.

/** dist/kyc-widget.js: the all-in boot, every provider's frame facts and builder. */
export const BOOT_BUDGET = 14_790;

/** @type {Record<string, number>} dist/kyc-widget-<id>.js: one provider's boot (the generic protocol rides along). */
export const PROVIDER_BUDGETS = {
  generic: 8_570,
  persona: 10_580,
  sumsub: 10_190,
  veriff: 9_090,
  jumio: 9_880,
  idenfy: 8_940,
  didit: 9_170,
  yoti: 9_230,
  veratad: 8_700,
  caf: 8_840,
  zignsec: 8_680,
  onfido: 9_590,
  stripe: 9_610,
  plaid: 9_550,
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
