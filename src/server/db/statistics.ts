import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rows } from "./raw";

// Planner statistics where nothing else keeps them (issue 19, session 31).
//
// Our hot statements are prepared once per connection (statement(), prepared()), and after five
// runs PostgreSQL keeps a generic plan for the connection's life unless the table's statistics
// change. A plan made while a table was empty (a new database, a new release's table) reads it
// with a sequential scan, and goes on doing so as the table grows: the resend check of a
// recording scanned every round ever submitted (0.2 ms a round by 2,500 rows, ~0.5 ms by 5,000),
// and the fair-play upsert's delete every flag. ANALYZE replaces the statistics, which drops those
// plans, and the next run is planned on what the table holds now.
//
// Autovacuum does that where it runs. It does not run on PGlite (the embedded database), nor where
// it is turned off, as on this project's CI machine's PostgreSQL. There each process does its job
// here, with autovacuum's own rule: a table is analyzed once the rows changed since its last
// analyze pass 50 + 10% of the rows it held then (autovacuum_analyze_threshold and
// autovacuum_analyze_scale_factor at their defaults). Where autovacuum runs, this does nothing.

/** Rows changed before a table is analyzed again: autovacuum's defaults. */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * Analyzes every table of ours whose statistics are stale by autovacuum's rule, when autovacuum
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
