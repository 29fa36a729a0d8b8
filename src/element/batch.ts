/**
 * Inputs given together (the markup's attributes, or properties set in one task, in any order) are read together:
 * `batched(run)` returns a function that asks for one `run` at the end of the task, however often it is called
 * meanwhile. The stand-in and the runtime read the inputs through it.
 */
export function batched(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      run();
    });
  };
}
