import { AsyncLocalStorage } from "node:async_hooks";

// What one answer was made of, for the answer memo (ADR 0062): every read-cache entry it read and
// until when anything it computed from the clock stays true. An answer is kept only if every read
// it made went through the read cache; while each of those entries is still the one it read (the
// read cache drops an entry when anything it depends on changes), the same request gets the same
// answer.

/** A cache that can say whether an entry it handed out is still the one it would hand out now. */
export interface TracedCache {
  isCurrent(key: string, entry: object): boolean;
}

export type TracedRead = { cache: TracedCache; key: string; entry: object };

export class ReadTrace {
  readonly reads: TracedRead[] = [];
  /** False once any read went around the read cache (or was not kept): such an answer is not memoised. */
  complete = true;
  /** The first moment (ms since the epoch) at which something computed from the clock may differ. */
  validUntil = Number.POSITIVE_INFINITY;
}

const traceContext = new AsyncLocalStorage<ReadTrace>();

/** Runs `make` (an answer being made) with `trace` collecting what it reads. */
export const tracing = <T>(trace: ReadTrace, make: () => Promise<T>): Promise<T> => traceContext.run(trace, make);

/** The trace of the answer being made, if the answer memo asked for one. */
export const currentTrace = (): ReadTrace | undefined => traceContext.getStore();

/** The answer being made shows something that changes at `ms` (a challenge's status, say). */
export function noteValidUntil(ms: number): void {
  const trace = currentTrace();
  if (trace && ms < trace.validUntil) trace.validUntil = ms;
}

/** The answer being made read something the read cache does not track: it must not be memoised. */
export function noteUntracked(): void {
  const trace = currentTrace();
  if (trace) trace.complete = false;
}
