/** p50/p99/mean of a list of millisecond samples, formatted for the bench output. */
export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1], mean };
}

export function line(label: string, samples: number[]) {
  const s = summarise(samples);
  return `${label.padEnd(46)} n=${String(s.n).padStart(4)}  p50 ${s.p50.toFixed(2).padStart(7)} ms  p99 ${s.p99.toFixed(2).padStart(7)} ms  max ${s.max.toFixed(2).padStart(7)} ms`;
}

export async function time(iterations: number, fn: (i: number) => Promise<unknown>, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
