import { tooManyRequests } from "./errors";

/**
 * A sliding-window counter per key, kept in process memory. One instance per rule. With several
 * server instances each counts on its own; that still bounds guessing to N x limit, and a shared
 * store (Redis or Postgres) can replace this class without touching callers.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit right now. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.prune(key, now);
    if (list.length < this.limit) return 0;
    return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
  }

  hit(key: string, now = Date.now()): void {
    const list = this.prune(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (now > this.sweepAt) this.sweep(now);
  }

  /** Hit and throw 429 when the limit is already reached. */
  consume(key: string, message?: string): void {
    if (this.retryAfter(key) > 0) throw tooManyRequests(message);
    this.hit(key);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const from = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i] <= from) i++;
    return i ? list.slice(i) : list;
  }

  private sweep(now: number) {
    this.sweepAt = now + this.windowMs;
    for (const [key] of this.hits) {
      if (this.prune(key, now).length === 0) this.hits.delete(key);
    }
  }
}
