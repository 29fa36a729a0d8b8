/**
 * Runs steps one at a time, in order: a host listener that calls `retry()` inside `kyc-error` runs after
 * the current step has finished. An exception never leaves the element; it is reported where developers
 * look (the console, `window.onerror`).
 */
export function serial(): (step: () => void) => void {
  const queue: Array<() => void> = [];
  let draining = false;
  return (step) => {
    queue.push(step);
    if (draining) return;
    draining = true;
    try {
      while (queue.length) {
        try {
          queue.shift()!();
        } catch (error) {
          report(error);
        }
      }
    } finally {
      draining = false;
    }
  };
}

export function report(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}
