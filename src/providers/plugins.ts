/** The providers of the package: one line each, its folder's plug-in (providers/<id>/index.ts). */
export { default as generic } from './generic';
export { default as persona } from './persona';
export { default as sumsub } from './sumsub';
export { default as veriff } from './veriff';
export { default as jumio } from './jumio';
export { default as idenfy } from './idenfy';
export { default as didit } from './didit';
export { default as yoti } from './yoti';
export { default as veratad } from './veratad';
export { default as caf } from './caf';
export { default as zignsec } from './zignsec';
export { default as onfido } from './onfido';
export { default as stripe } from './stripe';
export { default as plaid } from './plaid';
