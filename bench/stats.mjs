// Statistics shared by the bench's sections: quantiles, summaries, and a paired bootstrap interval.

/** Quantile with linear interpolation between closest ranks (q in [0, 1]). */
export function quantile(values, q) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summary(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  return {
    n: finite.length,
    min: Math.min(...finite),
    median: quantile(finite, 0.5),
    p90: quantile(finite, 0.9),
    p95: quantile(finite, 0.95),
    max: Math.max(...finite),
    mean: finite.reduce((a, b) => a + b, 0) / finite.length,
  };
}

/** Deterministic PRNG (mulberry32), so the bootstrap interval is the same for the same samples. */
export function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 95% interval of median(a)/median(b) by a paired bootstrap (pairs were loaded back to back). */
export function ratioInterval(a, b, resamples = 4000) {
  const pairs = a.map((v, i) => [v, b[i]]).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (pairs.length < 3) return [NaN, NaN];
  const next = random(12345);
  const ratios = [];
  for (let r = 0; r < resamples; r++) {
    const xs = [];
    const ys = [];
    for (let i = 0; i < pairs.length; i++) {
      const [x, y] = pairs[Math.floor(next() * pairs.length)];
      xs.push(x);
      ys.push(y);
    }
    ratios.push(quantile(xs, 0.5) / quantile(ys, 0.5));
  }
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
}

/** 95% interval of the median of `values` by a bootstrap (same seed, so the same samples give the same interval). */
export function medianInterval(values, resamples = 4000) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length < 3) return [NaN, NaN];
  const next = random(12345);
  const medians = [];
  for (let r = 0; r < resamples; r++) {
    const xs = [];
    for (let i = 0; i < finite.length; i++) xs.push(finite[Math.floor(next() * finite.length)]);
    medians.push(quantile(xs, 0.5));
  }
  return [quantile(medians, 0.025), quantile(medians, 0.975)];
}

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);
export const roundAll = (object, digits = 2) =>
  Object.fromEntries(Object.entries(object).map(([k, v]) => [k, typeof v === 'number' ? round(v, digits) : v]));
