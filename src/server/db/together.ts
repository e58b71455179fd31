import { isAbortedTransaction } from "../lib/sql-state";

/**
 * Statements of one transaction sent together (pipelined on PostgreSQL, ADR 0060): resolves with
 * all their results, or fails with the cause of the failure. When one statement fails, the
 * database aborts the transaction and every statement after it fails too, with "current
 * transaction is aborted" (25P02). Which promise rejects first is then a matter of timing, so
 * `Promise.all` could report the echo, a 500, instead of the cause: a resend's 409 came back so
 * under test on PostgreSQL. Here every promise settles first, and the first failure that is not
 * such an echo is thrown.
 */
export async function together<T extends readonly unknown[]>(
  promises: {
    readonly [K in keyof T]: Promise<T[K]> | T[K];
  },
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failures: unknown[] = [];
  for (const s of settled) if (s.status === "rejected") failures.push(s.reason);
  if (failures.length) throw failures.find((e) => !isAbortedTransaction(e)) ?? failures[0];
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
