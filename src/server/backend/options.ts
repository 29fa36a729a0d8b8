/** What of createKycBackend's options is checked here (its own type lives with it, in backend.ts). */
interface Checked {
  authorize?: unknown;
  createSession?: unknown;
  providers?: unknown;
  route?: unknown;
  breaker?: unknown;
  allowedOrigins?: unknown;
  toleranceSeconds?: unknown;
  storeTimeoutMs?: number;
  onEventLeaseMs?: number;
}

/** createKycBackend's options checked at construction (a TypeError names the first wrong one), and its times. */
export function checkedTimes(options: Checked): { storeTimeoutMs: number; leaseMs: number } {
  if (typeof options?.authorize !== 'function') throw new TypeError('createKycBackend: authorize is required');
  if (options.providers !== undefined && options.createSession !== undefined)
    throw new TypeError('createKycBackend: give createSession or providers, not both');
  if (options.providers === undefined && typeof options.createSession !== 'function')
    throw new TypeError('createKycBackend: createSession (or providers) is required');
  if (options.providers === undefined && (options.route !== undefined || options.breaker !== undefined))
    throw new TypeError('createKycBackend: route and breaker need providers');
  if (!options.allowedOrigins) throw new TypeError('createKycBackend: allowedOrigins is required');
  const tolerance = options.toleranceSeconds;
  if (tolerance !== undefined && (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0))
    throw new TypeError('createKycBackend: toleranceSeconds must be a number of seconds of at least 0');
  const storeTimeoutMs = options.storeTimeoutMs ?? 3000;
  if (!Number.isSafeInteger(storeTimeoutMs) || storeTimeoutMs < 1)
    throw new TypeError('createKycBackend: storeTimeoutMs must be a whole number of at least 1');
  const leaseMs = options.onEventLeaseMs ?? 60_000;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 1)
    throw new TypeError('createKycBackend: onEventLeaseMs must be a whole number of at least 1');
  return { storeTimeoutMs, leaseMs };
}
