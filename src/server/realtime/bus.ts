import type { Database } from "../db/client";
import type { Listening } from "../db/pg-listener";
import { logger } from "../lib/logger";

/** Channels the database triggers of drizzle/0006_chat.sql and 0010 notify on. */
export const CHAT_CHANNEL = "chat";
/** drizzle/0021's triggers: a chat message's text was changed or the message removed (round lines, ADR 0028). */
export const CHAT_CHANGED_CHANNEL = "chat_changed";
export const MEMBERSHIP_CHANNEL = "chat_membership";
export const SESSION_CHANNEL = "session_ended";
/** drizzle/0014's trigger: jobs were enqueued (the job runners look for due ones at once). */
export const JOBS_CHANNEL = "jobs";
/** drizzle/0014's trigger and the mark-read call: a user's notifications changed. */
export const NOTIFICATION_CHANNEL = "notification";
/** drizzle/0022's trigger: a user row changed (name, admin, disabled, password...): cached sessions of it go. */
export const USER_CHANNEL = "user_changed";
/** drizzle/0026's triggers: records, members, challenges or courses changed (the read caches, ADR 0056). */
export const READ_CHANNEL = "read_changed";

/** What a commit changed, as the read caches need it (`all`: drop everything). */
export type ReadChange = {
  records: [challengeId: number, userId: number][];
  members: [challengeId: number, userId: number][];
  challenges: number[];
  /** Golfers whose achievements were awarded, removed or re-pointed (drizzle/0028). */
  achievements: number[];
  all: boolean;
};

export type BusEvent =
  /** A chat message was committed (the payload is ids only: NOTIFY payloads must stay under 8 KB). */
  | { kind: "message"; challengeId: number; id: number }
  /** A committed message was amended (its text changed) or removed. */
  | { kind: "message-changed"; challengeId: number; id: number; removed: boolean }
  /** A player left, was removed, or lost the challenge: their sockets leave the room. */
  | { kind: "membership-lost"; challengeId: number; userId: number }
  /** Sessions were deleted (logout, password change, disabled or deleted account, expiry): their sockets close. */
  | { kind: "sessions-ended"; sessionIds: string[] }
  /** User rows changed: this process's cached sessions of those users are evicted (ADR 0044). */
  | { kind: "users-changed"; userIds: number[] }
  /** This process's own proof-of-listening notification came back (auth/session-cache.ts). */
  | { kind: "alive"; payload: string }
  /** Jobs were enqueued somewhere: due ones can be claimed now rather than at the next poll. */
  | { kind: "jobs" }
  /** Notifications were added (ids only) or marked read: the users' open devices update. */
  | { kind: "notifications"; items: { userId: number; id: number }[] }
  | { kind: "notifications-read"; userIds: number[] }
  /** Data the read caches keep changed (records, members, challenges, courses). */
  | ({ kind: "read-changed" } & ReadChange)
  /** The listener (re)subscribed: anything notified while it was away is gone, so clients refetch. */
  | { kind: "resync" };

export type BusListener = (event: BusEvent) => void;

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && isId(v[0]) && isId(v[1]);

/**
 * A read_changed payload. Anything it cannot read in full becomes `all`: a cache that drops too
 * much only reads again, one that keeps a changed entry answers wrong.
 */
export function readChangeOf(payload: string): ReadChange {
  const change: ReadChange = { records: [], members: [], challenges: [], achievements: [], all: false };
  let data: { records?: unknown; members?: unknown; challenges?: unknown; achievements?: unknown; all?: unknown };
  try {
    data = JSON.parse(payload);
  } catch {
    return { ...change, all: true };
  }
  if (!data || typeof data !== "object" || data.all === true) return { ...change, all: true };
  const keys = Object.keys(data);
  if (keys.length !== 1) return { ...change, all: true };
  if (Array.isArray(data.records) && data.records.every(isPair)) change.records = data.records;
  else if (Array.isArray(data.members) && data.members.every(isPair)) change.members = data.members;
  else if (Array.isArray(data.challenges) && data.challenges.every(isId)) change.challenges = data.challenges;
  else if (Array.isArray(data.achievements) && data.achievements.every(isId)) change.achievements = data.achievements;
  else return { ...change, all: true };
  return change;
}

/**
 * Cross-process fan-out for chat (docs/decisions/0005-chat-fan-out.md). Writers never publish:
 * database triggers NOTIFY on commit, and every server process LISTENs here: PostgreSQL through a
 * dedicated, self-healing connection; PGlite in-process, with the same commit-only delivery.
 */
export class ChatBus {
  private listeners = new Set<BusListener>();
  private listening: Listening | undefined;

  private aliveChannel: string | undefined;

  /** `aliveChannel`: a channel of this process's own, whose notifications come back as "alive" events. */
  static async start(database: Database, opts: { aliveChannel?: string } = {}): Promise<ChatBus> {
    const bus = new ChatBus();
    bus.aliveChannel = opts.aliveChannel;
    const channels = [
      CHAT_CHANNEL,
      CHAT_CHANGED_CHANNEL,
      MEMBERSHIP_CHANNEL,
      SESSION_CHANNEL,
      JOBS_CHANNEL,
      NOTIFICATION_CHANNEL,
      USER_CHANNEL,
      READ_CHANNEL,
    ];
    if (opts.aliveChannel) channels.push(opts.aliveChannel);
    bus.listening = await database.listen(
      channels,
      (channel, payload) => bus.receive(channel, payload),
      () => bus.emit({ kind: "resync" }),
    );
    return bus;
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether notifications reach this process right now (health reports it). */
  isListening(): boolean {
    return this.listening?.up() ?? false;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const listening = this.listening;
    this.listening = undefined;
    await listening?.stop();
  }

  private receive(channel: string, payload: string) {
    if (channel === JOBS_CHANNEL) {
      this.emit({ kind: "jobs" });
      return;
    }
    if (channel === this.aliveChannel) {
      this.emit({ kind: "alive", payload });
      return;
    }
    if (channel === READ_CHANNEL) {
      this.emit({ kind: "read-changed", ...readChangeOf(payload) });
      return;
    }
    let data: {
      challengeId?: unknown;
      id?: unknown;
      userId?: unknown;
      sessionIds?: unknown;
      userIds?: unknown;
      items?: unknown;
      read?: unknown;
      op?: unknown;
    };
    try {
      data = JSON.parse(payload);
    } catch {
      logger.warn("ignoring malformed notification", { channel });
      return;
    }
    if (channel === CHAT_CHANNEL && isId(data.challengeId) && isId(data.id)) {
      this.emit({ kind: "message", challengeId: data.challengeId, id: data.id });
    } else if (channel === CHAT_CHANGED_CHANNEL && isId(data.challengeId) && isId(data.id)) {
      this.emit({ kind: "message-changed", challengeId: data.challengeId, id: data.id, removed: data.op === "delete" });
    } else if (channel === MEMBERSHIP_CHANNEL && isId(data.challengeId) && isId(data.userId)) {
      this.emit({ kind: "membership-lost", challengeId: data.challengeId, userId: data.userId });
    } else if (channel === NOTIFICATION_CHANNEL) {
      if (Array.isArray(data.items)) {
        const items = data.items.filter(
          (i): i is { userId: number; id: number } => !!i && typeof i === "object" && isId(i.userId) && isId(i.id),
        );
        if (items.length) this.emit({ kind: "notifications", items });
      } else if (Array.isArray(data.read)) {
        const userIds = data.read.filter(isId);
        if (userIds.length) this.emit({ kind: "notifications-read", userIds });
      }
    } else if (channel === USER_CHANNEL && Array.isArray(data.userIds)) {
      const userIds = data.userIds.filter(isId);
      if (userIds.length) this.emit({ kind: "users-changed", userIds });
    } else if (channel === SESSION_CHANNEL && Array.isArray(data.sessionIds)) {
      const sessionIds = data.sessionIds.filter((id): id is string => typeof id === "string");
      if (sessionIds.length) this.emit({ kind: "sessions-ended", sessionIds });
    }
  }

  private emit(event: BusEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        logger.warn("bus listener failed", { error: String(err) });
      }
    }
  }
}
