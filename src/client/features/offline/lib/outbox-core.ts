import { type RecordType, recordType } from "../../../../shared/domain/scoring";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import { httpStatusOf } from "../../../lib/errors";
import { uuid } from "../../../lib/uuid";

// The offline outbox's rules, free of IndexedDB and tRPC so they run under `bun test`.

export type OutboxStatus = "pending" | "sending" | "failed";

export type OutboxEntry = {
  id: string;
  /** Whose round it is: a round is only ever sent in its own player's session. */
  userId: number;
  input: RecordRoundInput;
  createdAt: number;
  status: OutboxStatus;
  /** The server's reason when it refused the round (status 'failed'). */
  error: string | null;
};

export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export type SyncErrorKind = "offline" | "retry-later" | "rejected";

/**
 * What a failed send means for the entry. No answer, a server fault, a rate limit or an expired
 * session (401, the player signs in again) keep it waiting; any other 4xx is the server's verdict
 * on the round itself, kept as failed with its message for the player to resolve.
 */
export function classifySyncError(error: unknown): SyncErrorKind {
  const status = httpStatusOf(error);
  if (status === null) return "offline";
  if (status === 401 || status === 408 || status === 429 || status >= 500) return "retry-later";
  if (status >= 400) return "rejected";
  return "retry-later";
}

export function errorText(error: unknown, fallback = "The round could not be saved."): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

/** A round left 'sending' by a tab closed mid-request may already be saved: the player decides. */
export const INTERRUPTED_SEND_MESSAGE =
  "Sending was interrupted, so this round may already be saved. Check the challenge before retrying.";

export type FlushReport = {
  sent: OutboxEntry[];
  /** Entries the server refused during this flush (and left in the outbox). */
  rejected: OutboxEntry[];
  /** Refused entries that went back to the record form as drafts, with the page that holds each. */
  restored: { entry: OutboxEntry; path: string }[];
  /** Why the flush stopped early, if it did (the rest stay pending for the next attempt). */
  stoppedBy: "offline" | "retry-later" | null;
};

export const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || a.id.localeCompare(b.id);

/**
 * Whether two readings of the outbox list the same rounds in the same states. A round's input never
 * changes once queued, so its id, status and error say all that a reader shows.
 */
export function sameOutbox(a: readonly OutboxEntry[], b: readonly OutboxEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => entry.id === b[i]?.id && entry.status === b[i]?.status && entry.error === b[i]?.error)
  );
}

/**
 * Sends the user's pending rounds oldest first, one at a time. Each entry is marked 'sending'
 * before its request and deleted as soon as the server accepts it, so no round is sent twice;
 * callers serialise flushes (one at a time per device). A network failure or a server fault stops
 * the flush: the next trigger (back online, app start) continues where this one ended.
 */
export async function flushEntries(
  store: OutboxStore,
  userId: number,
  send: (input: RecordRoundInput) => Promise<unknown>,
  /**
   * A round the server refused may go back to the record form as a draft the golfer can fix
   * (answering the page that holds it), or null to keep it listed with its reason.
   */
  restore: (entry: OutboxEntry) => string | null = () => null,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], rejected: [], restored: [], stoppedBy: null };
  const entries = (await store.list()).filter((e) => e.userId === userId).sort(byAge);

  for (const entry of entries) {
    if (entry.status === "sending") {
      // Flushes never overlap, so this one was cut off mid-request in an earlier session. With a
      // clientRoundId the server records a round once whatever happens, so resending is safe;
      // an older entry without one is left for the player to check.
      if (entry.input.clientRoundId) {
        entry.status = "pending";
        await store.put({ ...entry, status: "pending", error: null });
        continue;
      }
      const interrupted = { ...entry, status: "failed" as const, error: INTERRUPTED_SEND_MESSAGE };
      await store.put(interrupted);
      report.rejected.push(interrupted);
    }
  }

  for (const entry of entries) {
    if (entry.status !== "pending") continue;
    await store.put({ ...entry, status: "sending", error: null });
    try {
      await send(entry.input);
    } catch (error) {
      const kind = classifySyncError(error);
      if (kind === "rejected") {
        const failed = { ...entry, status: "failed" as const, error: errorText(error) };
        const path = restore(failed);
        if (path !== null) {
          await store.remove(entry.id);
          report.restored.push({ entry: failed, path });
          continue;
        }
        await store.put(failed);
        report.rejected.push(failed);
        continue;
      }
      await store.put({ ...entry, status: "pending", error: null });
      report.stoppedBy = kind;
      break;
    }
    await store.remove(entry.id);
    report.sent.push(entry);
  }
  return report;
}

/** The entry id doubles as the round's clientRoundId, so every resend of it is the same round. */
export function newEntry(userId: number, input: RecordRoundInput, now = Date.now(), id: string = uuid()): OutboxEntry {
  return {
    id,
    userId,
    input: { ...input, clientRoundId: input.clientRoundId ?? id },
    createdAt: now,
    status: "pending",
    error: null,
  };
}

/** An in-memory store for tests and for browsers without IndexedDB. */
export function createMemoryStore(initial: OutboxEntry[] = []): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const entries = new Map(initial.map((e) => [e.id, e]));
  return {
    entries,
    list: async () => [...entries.values()].map((e) => ({ ...e })),
    put: async (entry) => {
      entries.set(entry.id, { ...entry });
    },
    remove: async (id) => {
      entries.delete(id);
    },
  };
}

/** The holes of the entries still to be sent for one challenge, by hole: an eagle wins over a birdie. */
export function pendingHolesOf(entries: readonly OutboxEntry[], challengeId: number | null): Map<number, RecordType> {
  const holes = new Map<number, RecordType>();
  if (challengeId === null) return holes;
  for (const entry of entries) {
    if (entry.status === "failed" || Number(entry.input.challengeId) !== challengeId) continue;
    for (const hole of entry.input.holes) {
      const number = Number(hole.holeNumber);
      if (holes.get(number) !== "eagle") holes.set(number, recordType(Number(hole.score)));
    }
  }
  return holes;
}
