/** The sandbox's published test keys (keys.mjs): they open nothing but the sandbox. */
export declare const SANDBOX_API_KEYS: Readonly<{
  generic: Readonly<{ apiKey: string }>;
  persona: Readonly<{ apiKey: string }>;
  sumsub: Readonly<{ appToken: string; secretKey: string }>;
  veriff: Readonly<{ apiKey: string; sharedSecret: string }>;
  didit: Readonly<{ apiKey: string; workflowId: string }>;
  idenfy: Readonly<{ apiKey: string; apiSecret: string }>;
  onfido: Readonly<{ apiToken: string }>;
  stripe: Readonly<{ secretKey: string }>;
  plaid: Readonly<{ clientId: string; secret: string }>;
  jumio: Readonly<{ clientId: string; clientSecret: string }>;
  socure: Readonly<{ apiKey: string }>;
}>;
/** The secret the sandbox signs its webhooks with (Standard Webhooks' `whsec_` form). */
export declare const SANDBOX_WEBHOOK_SECRET: string;
