import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type FoundFlag, findFlags } from "./rules";

/**
 * Brings one golfer's flags up to date with their records (ADR 0041): what the rules find now is
 * inserted or updated; open flags the rules no longer find (a record deleted or voided) go away.
 * A flag an admin dismissed stays dismissed while it is about the same records, and opens again
 * when new records join it. Runs in its own transaction, one refresh per golfer at a time.
 * Resolves with the flags found.
 */
export async function refreshFlags(db: Db, userId: number): Promise<FoundFlag[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fairplay'), ${userId})`);
    const found = await findFlags(tx, userId);
    for (const f of found) {
      const ids = sql`array[${sql.join(
        f.recordIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
      await tx.execute(sql`
        insert into fairplay_flags as f (rule, user_id, other_user_id, subject_key, record_ids, explanation)
        values (${f.rule}, ${f.userId}, ${f.otherUserId}, ${f.subjectKey}, ${ids}, ${f.explanation})
        on conflict (rule, user_id, subject_key) do update
          set record_ids = excluded.record_ids, explanation = excluded.explanation,
              updated_at = case when f.record_ids = excluded.record_ids and f.explanation = excluded.explanation
                                then f.updated_at else now() end,
              status = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then 'open' else f.status end,
              resolution = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolution end,
              resolved_by = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolved_by end,
              resolved_at = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolved_at end`);
    }
    const keep = found.length
      ? sql`and (rule, user_id, subject_key) not in (${sql.join(
          found.map((f) => sql`(${f.rule}, ${f.userId}::int, ${f.subjectKey})`),
          sql`, `,
        )})`
      : sql``;
    await tx.execute(sql`
      delete from fairplay_flags
       where status = 'open' and (user_id = ${userId} or other_user_id = ${userId}) ${keep}`);
    return found;
  });
}
