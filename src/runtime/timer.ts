/** The longest delay a browser timer holds: 2^31 − 1 ms (about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout for a delay that comes from input (an attribute, a provider's answer). A timer takes a longer
 * delay (2147483648, 1e308, Infinity) as 1 ms and fires at once; such a delay means "no practical limit", so no
 * timer is started at all.
 */
export function startTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> | undefined {
  return ms <= MAX_TIMER_MS ? setTimeout(callback, ms) : undefined;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first (the timer is cleared). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
