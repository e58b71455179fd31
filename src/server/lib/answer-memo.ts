import type { ReadTrace, TracedRead } from "./read-trace";

// The answer memo (ADR 0062): the text of a signed-in golfer's cacheable read (their challenge
// list, a board, a chat page, themselves), kept per session and request, and given again while
// everything it was made of is unchanged. What it was made of is the read trace: every read-cache
// entry the answer read (each still the entry a read would get now, so nothing it depends on
// changed: the read cache drops an entry on any change to its deps), the signed-in user as the
// session cache holds them (a change to the user replaces that object), and the moment a status
// computed from the clock next changes. A hit skips the procedure, its views and JSON.stringify.

/** Answers kept at most, and their text in all (UTF-16 code units): the oldest go first. */
const MAX_ANSWERS = 5_000;
const MAX_CHARS = 16 * 1024 * 1024;

export type MemoAnswer = { body: string; headers: Record<string, string> };

type Memo = MemoAnswer & { user: object; reads: readonly TracedRead[]; validUntil: number };

export class AnswerMemo {
  private memos = new Map<string, Memo>();
  private chars = 0;
  readonly stats = { hits: 0, misses: 0 };

  constructor(private clock: () => number = Date.now) {}

  /**
   * The answer kept under `key` if `user` is the very object it was made for and every read it
   * was made of is current; otherwise nothing (and a stale answer goes).
   */
  answer(key: string, user: object): MemoAnswer | undefined {
    const memo = this.memos.get(key);
    if (memo && memo.user === user && this.clock() < memo.validUntil && memo.reads.every(current)) {
      this.stats.hits += 1;
      return memo;
    }
    if (memo) this.drop(key, memo);
    this.stats.misses += 1;
    return undefined;
  }

  /** Keeps an answer made for `user` whose reads `trace` lists, if the trace is complete. */
  keep(key: string, user: object, answer: MemoAnswer, trace: ReadTrace): void {
    if (!trace.complete || !trace.reads.length || trace.validUntil <= this.clock()) return;
    if (answer.body.length > MAX_CHARS / 16) return;
    const old = this.memos.get(key);
    if (old) this.drop(key, old);
    while (this.memos.size >= MAX_ANSWERS || this.chars + answer.body.length > MAX_CHARS) {
      const oldest = this.memos.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
    this.memos.set(key, { ...answer, user, reads: trace.reads, validUntil: trace.validUntil });
    this.chars += answer.body.length;
  }

  get size(): number {
    return this.memos.size;
  }

  private drop(key: string, memo: Memo) {
    this.memos.delete(key);
    this.chars -= memo.body.length;
  }
}

const current = (read: TracedRead) => read.cache.isCurrent(read.key, read.entry);
