import { useSyncExternalStore } from "react";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import { openDatabase, requestResult, transactionDone } from "./idb";
import {
  byAge,
  type FlushReport,
  flushEntries,
  newEntry,
  type OutboxEntry,
  type OutboxStore,
  sameOutbox,
} from "./outbox-core";

// Offline recording (issue 7): golf courses have dead spots, so a verified round that cannot reach
// the server is kept on the device (IndexedDB) and sent when the connection returns, once.

const DB_NAME = "birdie-challenge-offline";
const DB_VERSION = 1;
const STORE = "outbox";
const CHANNEL = "birdie-outbox";
const LOCK = "birdie-outbox-flush";

let dbPromise: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  dbPromise ??= openDatabase(DB_NAME, DB_VERSION, (db) => {
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" });
  }).catch((error) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  const tx = db.transaction(STORE, mode);
  const result = requestResult(run(tx.objectStore(STORE)));
  await transactionDone(tx);
  return result;
}

const idbStore: OutboxStore = {
  list: () => withStore("readonly", (s) => s.getAll() as IDBRequest<OutboxEntry[]>),
  put: async (entry) => {
    await withStore("readwrite", (s) => s.put(entry));
  },
  remove: async (id) => {
    await withStore("readwrite", (s) => s.delete(id));
  },
};

// ---- Module state ------------------------------------------------------------------------------

type Sender = (input: RecordRoundInput) => Promise<unknown>;
type OutboxConfig = {
  userId: number;
  send: Sender;
  onFlushed?: (report: FlushReport) => void;
  /** A refused round back to the record form as a draft: the page that holds it, or null to keep it here. */
  restore?: (entry: OutboxEntry) => string | null;
};
type Snapshot = { userId: number | null; entries: OutboxEntry[] };

let config: OutboxConfig | null = null;
let all: OutboxEntry[] = [];
let snapshot: Snapshot = { userId: null, entries: [] };
let flushing: Promise<FlushReport | null> | null = null;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);

function publish() {
  const userId = config?.userId ?? null;
  const entries = userId === null ? [] : all.filter((e) => e.userId === userId).sort(byAge);
  // The same rounds read again keep the snapshot: a new one re-rendered every reader (each a sync
  // update) on every re-read, three of them while a signed-in page's first render settles.
  if (userId === snapshot.userId && sameOutbox(entries, snapshot.entries)) return;
  snapshot = { userId, entries };
  for (const listener of listeners) listener();
}

/** Re-reads the device's outbox (after a change here or in another tab). */
export async function refreshOutbox(): Promise<void> {
  try {
    all = await idbStore.list();
  } catch {
    all = [];
  }
  publish();
}

function changed() {
  channel?.postMessage("changed");
  return refreshOutbox();
}

// Another tab queued, sent or discarded a round: show the same list here.
channel?.addEventListener("message", () => void refreshOutbox());

/**
 * Who is signed in and how to send a round (the signed-in layout sets this; null on sign-out).
 * Rounds are kept per player and only sent in that player's session.
 */
export function configureOutbox(next: OutboxConfig | null) {
  config = next;
  publish();
  void refreshOutbox();
}

/** Keeps a verified round on the device until it can be sent. Rejects when the device cannot store it. */
export async function queueRound(input: RecordRoundInput, options: { userId?: number } = {}): Promise<OutboxEntry> {
  const userId = options.userId ?? config?.userId;
  if (userId === undefined) throw new Error("Sign in to save rounds on this device.");
  const entry = newEntry(userId, input);
  await idbStore.put(entry);
  await changed();
  return entry;
}

async function runFlush(current: OutboxConfig): Promise<FlushReport> {
  try {
    return await flushEntries(idbStore, current.userId, current.send, current.restore);
  } finally {
    await changed();
  }
}

/**
 * Sends the signed-in player's pending rounds. One flush at a time on the whole device: within
 * this tab by sharing the running flush, across tabs through a Web Lock when the browser has them.
 */
export function flushOutbox(): Promise<FlushReport | null> {
  const current = config;
  if (!current) return Promise.resolve(null);
  if (flushing !== null) return flushing;
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const run = locks
    ? // The DOM typings nest the callback's promise; at run time request() resolves to its value.
      (locks.request(LOCK, { ifAvailable: true }, (lock) =>
        lock ? runFlush(current) : null,
      ) as unknown as Promise<FlushReport | null>)
    : runFlush(current);
  flushing = run
    .then((report) => {
      if (report) current.onFlushed?.(report);
      return report;
    })
    .catch(() => null)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** The player asks to send a refused round again (for example after fixing the challenge). */
export async function retryRound(id: string): Promise<FlushReport | null> {
  const entry = all.find((e) => e.id === id);
  if (!entry) return null;
  await idbStore.put({ ...entry, status: "pending", error: null });
  await changed();
  return flushOutbox();
}

/** The player gives up on a round; it is deleted from the device. */
export async function discardRound(id: string): Promise<void> {
  await idbStore.remove(id);
  await changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

/** The signed-in player's rounds waiting on this device: every entry, and the counts per state. */
export function usePendingRounds() {
  const { entries } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const failed = entries.filter((e) => e.status === "failed");
  return { entries, count: entries.length, waiting: entries.length - failed.length, failed };
}
