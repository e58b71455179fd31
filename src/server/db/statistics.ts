import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rows } from "./raw";

// Planner statistics where nothing else keeps them (issue 19, session 31; ADR 0071).
//
// Our hot statements are prepared once per connection (statement(), prepared()), and after five
// runs PostgreSQL keeps a generic plan for the connection's life unless the table's statistics
// change. A plan made while a table was empty reads it with a sequential scan, and goes on doing
// so as the table grows: the recording's resend check scanned every round ever submitted (0.51 ms
// a call over a 60 s bench run), the fair-play upsert's delete every flag. ANALYZE replaces the
// statistics, which drops those plans.
//
// Autovacuum does that where it runs. It never runs on PGlite (the embedded database), nor where
// it is turned off, as on this project's CI machine. There each process's upkeep does it, by a
// coarser rule than autovacuum's 50 + 10%: a table is analyzed once the rows changed since its last
// analyze pass 50 + all the rows it held then, that is each time it doubles. That is enough for the
// plans, while an ANALYZE of a busy table costs 100-200 ms of PostgreSQL CPU in one go (by the 10%
// rule the bench's notifications and queue were analyzed every 30 s).

/** Rows changed since the last analyze before a table is analyzed again: 50 + its rows then. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 1;

/**
 * Analyzes every table of ours whose statistics are stale by the rule above, when autovacuum
 * is off (`embedded`: PGlite, which reports it on but never runs it). Resolves with the tables
 * analyzed. SKIP_LOCKED: a table another process is analyzing is left to it.
 */
export async function analyzeStaleTables(db: Db, opts: { embedded?: boolean } = {}): Promise<string[]> {
  const stale = await rows<{ name: string }>(
    db,
    sql`select s.relname as name
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.schemaname = 'public'
           and (${opts.embedded === true} or current_setting('autovacuum') = 'off')
           and s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0)
         order by s.relname`,
  );
  for (const table of stale) await db.execute(sql`analyze (skip_locked) ${sql.identifier(table.name)}`);
  return stale.map((t) => t.name);
}
