import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { SessionRow, UserRow } from "../db/schema/users";

// A per-process cache of signed-in sessions (issue 19, ADR 0044): a cached request skips the
// session-and-user read every request used to make.
//
// Revocation reaches every process through the database: deleting a session NOTIFYs
// 'session_ended' (drizzle/0010), changing a user row NOTIFYs 'user_changed' (drizzle/0022), and
// each process evicts what they name. A lost notification must not leave a revoked session usable,
// so the cache only answers while its listener is *proven* current: the process NOTIFYs itself on
// a channel of its own every PING_EVERY_MS (while requests come), stamped with the moment it was
// sent. PostgreSQL delivers notifications in commit order, so once our stamp S is back, every
// revocation committed before S has been delivered (and evicted). The cache answers only while the
// newest stamp back is younger than FRESH_WITHIN_MS: a revocation committed at R is honoured by
// every request after R + FRESH_WITHIN_MS (< 1 s), even when the listener died half-open, the
// database restarted or a notification was lost. Otherwise requests read the database as before.

/** How often a process in use NOTIFYs itself to prove its listener current. */
export const PING_EVERY_MS = 200;
/** The cache answers only while the last self-notification was sent less than this ago (< 1 s). */
export const FRESH_WITHIN_MS = 700;
/** Pings stop after this long without a cached look-up (an idle server sends nothing). */
const IDLE_AFTER_MS = 5_000;
/** Entries kept at most (a Map in insertion order: the oldest go first). */
const MAX_ENTRIES = 50_000;
/** An entry is re-read after this long whatever happened (a bound on any bug in invalidation). */
const ENTRY_TTL_MS = 5 * 60_000;

export type CachedSession = { session: SessionRow; user: UserRow };

type Entry = CachedSession & { cachedAt: number };

export class SessionCache {
  private entries = new Map<string, Entry>();
  private byUser = new Map<number, Set<string>>();
  /** Bumped by every eviction: a read that started before one must not cache what it read. */
  private generation = 0;
  /** When the newest self-notification that came back was sent (ms since epoch). */
  private aliveAt = 0;
  private lastUse = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private pinging = false;
  /** The last stamp sent: stamps only grow, so each caughtUp() waits for a stamp of its own. */
  private lastStamp = 0;
  private waiters = new Set<{ stamp: number; done: (ok: boolean) => void }>();
  readonly channel: string;
  readonly stats = { hits: 0, misses: 0, evictions: 0 };

  constructor(
    private db: Db,
    private clock: () => number = Date.now,
  ) {
    // Lower-case letters and digits only: a channel name every LISTEN accepts unquoted.
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    this.channel = `session_alive_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.ping(), PING_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const waiter of [...this.waiters]) waiter.done(false);
    this.clear();
  }

  /** The listener proved current within FRESH_WITHIN_MS: cached entries may answer. */
  fresh(): boolean {
    return this.clock() - this.aliveAt < FRESH_WITHIN_MS;
  }

  /** The cached session for `id`, or undefined (not cached, too old, or the listener not proven). */
  get(id: string): CachedSession | undefined {
    const now = this.clock();
    this.lastUse = now;
    if (!this.fresh()) {
      this.stats.misses += 1;
      // Nobody pinged while idle: start proving the listener again now, not at the next tick.
      void this.ping();
      return undefined;
    }
    const entry = this.entries.get(id);
    if (!entry || now - entry.cachedAt > ENTRY_TTL_MS) {
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return entry;
  }

  /** Where a read begins: pass it to set() so an eviction during the read wins. */
  mark(): number {
    return this.generation;
  }

  set(value: CachedSession, mark: number): void {
    if (mark !== this.generation) return;
    const id = value.session.id;
    this.drop(id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(id, { ...value, cachedAt: this.clock() });
    const ids = this.byUser.get(value.user.id) ?? new Set<string>();
    ids.add(id);
    this.byUser.set(value.user.id, ids);
  }

  /** Updates a cached session's expiry after a renewal (no eviction: the session is the same). */
  renewed(session: SessionRow): void {
    const entry = this.entries.get(session.id);
    if (entry) entry.session = session;
  }

  evictSessions(ids: readonly string[]): void {
    this.generation += 1;
    for (const id of ids) this.drop(id);
    this.stats.evictions += ids.length;
  }

  evictUsers(userIds: readonly number[]): void {
    this.generation += 1;
    for (const userId of userIds) {
      const ids = this.byUser.get(userId);
      if (!ids) continue;
      for (const id of [...ids]) this.drop(id);
      this.stats.evictions += 1;
    }
  }

  /** Everything goes (the listener re-subscribed: what was notified meanwhile is unknown). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  /** A notification on this process's own channel came back: the stamp is when it was sent. */
  alive(payload: string): void {
    const sentAt = Number(payload);
    if (!Number.isFinite(sentAt)) return;
    if (sentAt > this.aliveAt) this.aliveAt = sentAt;
    for (const waiter of this.waiters) if (waiter.stamp <= sentAt) waiter.done(true);
  }

  /**
   * Resolves true once every notification committed before the call has been delivered to this
   * process (a stamp sent now came back: PostgreSQL delivers in commit order), false when that
   * took longer than `timeoutMs` or the database could not be asked. What a process wrote then
   * shows in its own caches before it answers the write (ADR 0056).
   */
  caughtUp(timeoutMs = 1_000): Promise<boolean> {
    const stamp = this.nextStamp();
    return new Promise<boolean>((resolve) => {
      const waiter = {
        stamp,
        done: (ok: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.waiters.add(waiter);
      this.db.execute(sql`select pg_notify(${this.channel}, ${String(stamp)})`).catch(() => waiter.done(false));
    });
  }

  /** The listener was lost or re-subscribed: nothing cached is trusted until a new stamp is back. */
  listenerReset(): void {
    this.aliveAt = 0;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const ids = this.byUser.get(entry.user.id);
    ids?.delete(id);
    if (ids && ids.size === 0) this.byUser.delete(entry.user.id);
  }

  /** Now, or one past the last stamp sent when that is later (two sends in one millisecond). */
  private nextStamp(): number {
    this.lastStamp = Math.max(this.clock(), this.lastStamp + 1);
    return this.lastStamp;
  }

  private async ping() {
    if (this.pinging || this.clock() - this.lastUse > IDLE_AFTER_MS) return;
    this.pinging = true;
    try {
      await this.db.execute(sql`select pg_notify(${this.channel}, ${String(this.nextStamp())})`);
    } catch {
      // The database is away: the cache simply stops answering until pings come back.
    } finally {
      this.pinging = false;
    }
  }
}
