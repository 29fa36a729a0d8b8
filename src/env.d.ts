/// <reference types="vite/client" />

/**
 * Build flags (vite.config.ts `buildFlags`), replaced by literals in every build and under Vitest: dead branches
 * leave a one-provider build's code.
 */
/** Whether this build may run an SDK-hosted provider: false in a one-provider build of a frame provider. */
declare const __KYC_SDK__: boolean;
/** Whether this is a one-provider build (`dist/kyc-widget-<id>.js`, `.iife.js`), which never carries every provider. */
declare const __KYC_ONE_PROVIDER__: boolean;
