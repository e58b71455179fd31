import { summarise } from "../stats";
import type { RunResult } from "./open-loop";

const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;

/** One line per run: p50/p99/max of every request from its due time, errors, achieved rate. */
export function runLine(label: string, r: RunResult): string {
  const s = summarise(r.latencies);
  const lag = summarise(r.fireLag);
  return (
    `${label.padEnd(26)} ${String(r.rate).padStart(6)} req/s x ${r.seconds}s  n=${String(r.sent).padStart(6)}  ` +
    `p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  errors ${r.errors}  achieved ${r.achievedRps.toFixed(0)} ok/s  ` +
    `(generator lag p99 ${lag.p99.toFixed(1)} ms, max in flight ${r.maxInFlight})`
  );
}

export function kindLines(r: RunResult): string[] {
  const line = (label: string, list: number[]) => {
    const s = summarise(list);
    return `    ${label.padEnd(12)} n=${String(s.n).padStart(6)}  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
  };
  const lines = [...r.perKind].map(([kind, list]) => line(kind, list));
  // Session 27: the mix's p99 at 1,000 req/s came from the recordings' tail (5% of requests, a
  // fifth of them over 50 ms) while every read kind stayed under it; the reads together show that.
  const reads = [...r.perKind].filter(([kind]) => kind !== "record").flatMap(([, list]) => list);
  if (r.perKind.has("record") && reads.length) lines.push(line("all reads", reads));
  return lines;
}

export function errorLines(r: RunResult): string[] {
  return Object.entries(r.errorsByKind).map(([k, n]) => `    error: ${k} x${n}`);
}

export function p99(r: RunResult): number {
  return summarise(r.latencies).p99;
}

export async function loadAverage(): Promise<string> {
  try {
    return (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}
