/**
 * The error catalogue (README "Events", error codes). These codes are public API: changing one is a breaking change.
 */
export const ERROR_CODES = [
  'config-invalid',
  'session-fetch-failed',
  'session-expired',
  'frame-load-timeout',
  'camera-unavailable',
  'provider-error',
  'offline',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface KycErrorInfo {
  code: ErrorCode;
  /** English, for logs. */
  message: string;
  recoverable: boolean;
  providerCode?: string;
}

/** A `kyc-warning`'s own code: `provider="auto"` moved the person to another provider before they started. */
export type WarningCode = ErrorCode | 'provider-switched';

/** `kyc-warning`'s detail: a problem the provider's flow handles; the flow goes on in the same frame. */
export interface KycWarningInfo {
  code: WarningCode;
  message: string;
  providerCode?: string;
  /** `provider-switched`: the provider left. */
  previous?: string;
}

const RECOVERABLE: Record<ErrorCode, boolean> = {
  'config-invalid': false,
  'session-fetch-failed': true,
  'session-expired': false,
  'frame-load-timeout': true,
  'camera-unavailable': true,
  'provider-error': true,
  offline: true,
};

export function makeError(
  code: ErrorCode,
  message: string,
  extra: { recoverable?: boolean; providerCode?: string } = {},
): KycErrorInfo {
  const info: KycErrorInfo = { code, message, recoverable: extra.recoverable ?? RECOVERABLE[code] };
  if (extra.providerCode !== undefined) info.providerCode = extra.providerCode;
  return info;
}

export const FRAME_TIMEOUT_HINT =
  "check the provider's framing policy (X-Frame-Options, CSP frame-ancestors must allow this page), " +
  'the session-url, and the network';
