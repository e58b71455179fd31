import { describe, expect, test } from "bun:test";
import postgres from "postgres";

// postgres.js 3.4.9 could send a transaction's BEGIN without reserving its connection when the
// connection's pipeline was full or the socket pushed back (porsager/postgres#823, #1189): the
// transaction failed with UNSAFE_TRANSACTION (a 500 under load), and the still-open transaction
// went back to the pool, so unrelated queries ran inside it. Our patch (patches/postgres@3.4.9.patch)
// reserves the connection whenever BEGIN is written, and never hands a reserved connection back
// to the pool when its socket drains. This drives the reported reproduction against a real server.
//
// Needs a PostgreSQL server (postgres.js has no embedded mode). PostgreSQL only (*.pg-test.ts):
// .ci/run's PostgreSQL pass runs it by name; the PGlite pass does not see it.

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error("transactions-under-load.pg-test.ts needs TEST_DATABASE_URL (a PostgreSQL server)");

describe("transactions on a saturated pool (PostgreSQL)", () => {
  test("every sql.begin keeps its own connection; no query lands inside another's transaction", async () => {
    // A tiny pool and pipeline make the boundary easy to hit: three connections held by slow
    // queries, then plain queries and transactions pile onto them.
    // max_pipeline is a real postgres.js option its type definitions leave out.
    const options = { max: 3, max_pipeline: 2, onnotice: () => {} } as postgres.Options<Record<string, never>>;
    const sql = postgres(url, options);
    const errors: string[] = [];
    let transactions = 0;
    let plain = 0;
    try {
      for (let round = 0; round < 8; round++) {
        const work: Promise<unknown>[] = [];
        for (let i = 0; i < 3; i++) work.push(sql`select pg_sleep(0.15)`);
        for (let i = 0; i < 6; i++) {
          work.push(
            // A transaction-local setting is visible only inside the transaction that set it.
            sql`select current_setting('birdie.marker', true) as marker`.then(([r]) => {
              plain++;
              if (r.marker === "inside") errors.push("a plain query ran inside someone else's transaction");
            }),
          );
        }
        for (let i = 0; i < 5; i++) {
          work.push(
            sql
              .begin(async (tx) => {
                const [a] = await tx`select txid_current() as id, set_config('birdie.marker', 'inside', true)`;
                await tx`select pg_sleep(0.01)`;
                const [b] = await tx`select txid_current() as id`;
                if (a.id !== b.id) errors.push("a transaction's statements ran in two transactions");
                transactions++;
              })
              .catch((err: Error) => errors.push(`${(err as { code?: string }).code ?? ""} ${err.message}`)),
          );
        }
        await Promise.all(work);
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
    expect(errors).toEqual([]);
    expect(transactions).toBe(8 * 5);
    expect(plain).toBe(8 * 6);
  }, 60_000);
});
