import type { Db } from "./client";

/** The transaction's postgres.js handle, where the patched driver offers `commitAhead` (ADR 0069). */
type AheadClient = { commitAhead?: () => Promise<unknown> };

/**
 * Sends COMMIT right behind the statements this transaction has sent so far, instead of after
 * their answers (ADR 0069): on PostgreSQL the transaction ends one round trip sooner. Await it with
 * the last statements, e.g. `together([lastWrite, commitAhead(tx)])`. After the call the callback
 * may only await what it has sent: every check that can refuse the work must come before it. If a
 * statement before COMMIT fails, the database rolls the whole transaction back and that
 * statement's error is what the caller sees. On PGlite (one connection, no pipelining) and inside
 * a savepoint this does nothing, and the transaction commits as usual when the callback returns.
 */
export function commitAhead(tx: Db): Promise<unknown> | undefined {
  const client = (tx._.session as unknown as { client?: AheadClient }).client;
  return client?.commitAhead?.();
}
