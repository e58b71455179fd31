import type { Db } from "../db/client";
import { currentTrace, noteUntracked, type TracedCache } from "./read-trace";

// A per-process cache of what golfers read most (issue 19, ADR 0056): a golfer's challenge list,
// a challenge's board, its member list and its newest chat page. A hit answers without a query.
//
// Every entry names what it was made of ("deps": `u:<user>` the golfer's memberships and own
// records, `c:<challenge>` a challenge's row, courses and members, `b:<challenge>` its records,
// `chat:<challenge>` its messages, `n:<user>` a golfer's name and picture, `a:<user>` their
// achievements). Database triggers NOTIFY what each commit changed (drizzle/0026 and 0028,
// realtime/bus.ts) on every process; the process drops the entries that depend on it. So that a
// lost notification cannot leave stale data, the cache answers only while the session cache's listener is proven current (`fresh`, ADR 0044): a
// change committed at R is seen by every read after R + 700 ms on every process, and at once on
// the process that wrote it (mutations wait for their own notifications, `settled` in app.ts).

/** Entries kept at most (insertion order: the oldest go first). */
const MAX_ENTRIES = 5_000;
/** An entry is re-read after this long whatever happened (a bound on any bug in invalidation). */
const ENTRY_TTL_MS = 60_000;
/** Invalidation marks kept at most before everything is dropped and the marks start again. */
const MAX_MARKS = 200_000;

/** The names entries depend on and changes invalidate, spelled in one place. */
export const readDeps = {
  /** The golfer's memberships and own records (their challenge list). */
  user: (userId: number) => `u:${userId}`,
  /** A challenge's row, courses and members. */
  challenge: (challengeId: number) => `c:${challengeId}`,
  /** Every record in a challenge (its board). */
  records: (challengeId: number) => `b:${challengeId}`,
  /** A challenge's chat messages. */
  chat: (challengeId: number) => `chat:${challengeId}`,
  /** A golfer's name, picture and handicap as others see them. */
  name: (userId: number) => `n:${userId}`,
  /** The achievements a golfer has earned (drizzle/0028). */
  achievements: (userId: number) => `a:${userId}`,
};

type Entry = { value: unknown; deps: readonly string[]; cachedAt: number };
/** A load under way: what it resolves with, and the entry it kept (none when a dep changed meanwhile). */
type Loading = Promise<{ value: unknown; entry: Entry | undefined }>;

export class ReadCache implements TracedCache {
  private entries = new Map<string, Entry>();
  /** dep -> keys of the entries made of it. */
  private dependents = new Map<string, Set<string>>();
  /** dep -> the counter when it last changed: a read that began before then must not be kept. */
  private changedAt = new Map<string, number>();
  private counter = 0;
  /** The counter at the last clear(): reads that began before it are not kept. */
  private floor = 0;
  /** key -> the load of it under way, which reads of the same key wait for instead of loading too. */
  private loading = new Map<string, Loading>();
  /** hits: answered from an entry, `joined` of them by waiting for a load already under way. */
  readonly stats = { hits: 0, misses: 0, evictions: 0, joined: 0 };

  constructor(
    private fresh: () => boolean,
    private clock: () => number = Date.now,
  ) {}

  /**
   * The value under `key`, or `load()`'s, kept with the deps `depsOf` names unless one of them
   * changed while it loaded. Cached values are shared: callers must not mutate what they get.
   */
  async read<T>(key: string, load: () => Promise<T>, depsOf: (value: T) => readonly string[]): Promise<T> {
    const now = this.clock();
    const trace = currentTrace();
    if (this.fresh()) {
      const entry = this.entries.get(key);
      if (entry && now - entry.cachedAt <= ENTRY_TTL_MS) return this.hit(key, entry, trace) as T;
      // The same key is being loaded: wait for that load rather than make another (under load
      // every read of a popular board missed at once while the first was still loading, and the
      // extra loads slowed the next ones: session 30). Its entry serves this read only if it was
      // kept and nothing it depends on changed since: exactly what a hit on it would require.
      // It began before this read, but no change to what it was made of reached this process
      // since it began, and the listener is proven current (fresh), as for any hit.
      const under = this.loading.get(key);
      if (under !== undefined) {
        const shared = await under.catch(() => undefined);
        if (shared?.entry && this.isCurrent(key, shared.entry)) {
          this.stats.joined += 1;
          return this.hit(key, shared.entry, trace) as T;
        }
      }
    }
    this.stats.misses += 1;
    const mark = this.counter;
    const loading: Loading = load().then((value) => ({ value, entry: this.keep(key, value, depsOf(value), mark) }));
    const first = !this.loading.has(key);
    if (first) this.loading.set(key, loading);
    try {
      const { value, entry: kept } = await loading;
      // An answer made of a value that was not kept cannot be checked later: not memoised (ADR 0062).
      if (trace) {
        if (kept) trace.reads.push({ cache: this, key, entry: kept });
        else trace.complete = false;
      }
      return value as T;
    } finally {
      if (first) this.loading.delete(key);
    }
  }

  /** A read of `key` answered with `entry`, noted in the request's trace (ADR 0062). */
  private hit(key: string, entry: Entry, trace: ReturnType<typeof currentTrace>): unknown {
    this.stats.hits += 1;
    trace?.reads.push({ cache: this, key, entry });
    return entry.value;
  }

  /**
   * Whether `entry` is still what a read of `key` would answer with now (ADR 0062): nothing it
   * depends on changed since (that would have dropped it), it is not too old, and the listener
   * that reports changes is proven current.
   */
  isCurrent(key: string, entry: object): boolean {
    const found = this.entries.get(key);
    return found === entry && this.clock() - found.cachedAt <= ENTRY_TTL_MS && this.fresh();
  }

  /** Whatever depends on any of `deps` goes, and reads under way that use them are not kept. */
  invalidate(deps: Iterable<string>): void {
    this.counter += 1;
    for (const dep of deps) {
      this.changedAt.set(dep, this.counter);
      const keys = this.dependents.get(dep);
      if (!keys) continue;
      for (const key of [...keys]) this.drop(key);
    }
    if (this.changedAt.size > MAX_MARKS) this.clear();
  }

  /** Everything goes (the listener re-subscribed, or a change too wide to name). */
  clear(): void {
    this.counter += 1;
    this.floor = this.counter;
    this.stats.evictions += this.entries.size;
    this.entries.clear();
    this.dependents.clear();
    this.changedAt.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: unknown, deps: readonly string[], mark: number): Entry | undefined {
    if (mark < this.floor) return undefined;
    for (const dep of deps) if ((this.changedAt.get(dep) ?? 0) > mark) return undefined;
    this.drop(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    const entry: Entry = { value, deps, cachedAt: this.clock() };
    this.entries.set(key, entry);
    for (const dep of deps) {
      const keys = this.dependents.get(dep);
      if (keys) keys.add(key);
      else this.dependents.set(dep, new Set([key]));
    }
    return entry;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.stats.evictions += 1;
    for (const dep of entry.deps) {
      const keys = this.dependents.get(dep);
      keys?.delete(key);
      if (keys && keys.size === 0) this.dependents.delete(dep);
    }
  }
}

/** What a service call carries that says whether it may read through the cache (a ServiceContext). */
type CallerOf = { db: Db; deps: { readCache?: ReadCache; database: { db: Db } } };

/**
 * The cache a service may read through, or undefined: none on this process (tests, tools), or the
 * call runs inside a transaction, whose reads must see its own writes.
 */
export function readCacheFor(ctx: CallerOf): ReadCache | undefined {
  const cache = ctx.deps.readCache;
  return cache && ctx.db === ctx.deps.database.db ? cache : undefined;
}

/** What a cache miss reads directly: `load()` when there is no cache to go through. */
export function readThrough<T>(
  ctx: CallerOf,
  key: string,
  load: () => Promise<T>,
  depsOf: (value: T) => readonly string[],
): Promise<T> {
  const cache = readCacheFor(ctx);
  if (cache) return cache.read(key, load, depsOf);
  noteUntracked();
  return load();
}
