import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { statement } from "../../db/raw";
import { together } from "../../db/together";
import { wellFormedJson } from "../../db/schema/json";
import { type FoundFlag, findFlags } from "./rules";

// Built once (statement(), issue 19): a refresh runs for every recorded round.
const lockGolfer = statement(sql`select pg_advisory_xact_lock(hashtext('fairplay'), ${sql.placeholder("userId")})`);

/**
 * One statement for the whole refresh (it ran once per flag, plus the delete, per recorded
 * birdie: issue 19). The CTE and the DELETE see the same snapshot and touch disjoint rows: the
 * DELETE keeps every key found. A flag found the same as stored is not rewritten at all. Each
 * rule groups by its subject key, so no key comes twice (which ON CONFLICT would refuse).
 */
const upsertFlags = statement(sql`
  with found as (
    select * from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
      as x(rule varchar(32), user_id int, other_user_id int, subject_key text, record_ids int[], explanation text)
  ), upserted as (
    insert into fairplay_flags as f (rule, user_id, other_user_id, subject_key, record_ids, explanation)
    select rule, user_id, other_user_id, subject_key, record_ids, explanation from found
    on conflict (rule, user_id, subject_key) do update
      set record_ids = excluded.record_ids, explanation = excluded.explanation, updated_at = now(),
          status = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then 'open' else f.status end,
          resolution = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolution end,
          resolved_by = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolved_by end,
          resolved_at = case when f.status <> 'open' and not (excluded.record_ids <@ f.record_ids) then null else f.resolved_at end
      where f.record_ids <> excluded.record_ids or f.explanation <> excluded.explanation
  )
  delete from fairplay_flags d
   where d.status = 'open' and (d.user_id = ${sql.placeholder("userId")} or d.other_user_id = ${sql.placeholder("userId")})
     and not exists (select 1 from found
                     where found.rule = d.rule and found.user_id = d.user_id and found.subject_key = d.subject_key)`);

/**
 * Brings one golfer's flags up to date with their records (ADR 0041): what the rules find now is
 * inserted or updated; open flags the rules no longer find (a record deleted or voided) go away.
 * A flag an admin dismissed stays dismissed while it is about the same records, and opens again
 * when new records join it. Runs in its own transaction, one refresh per golfer at a time.
 * `finishWith` (a job's, jobs/runner.ts) marks the job done in that transaction.
 * Resolves with the flags found.
 */
export async function refreshFlags(
  db: Db,
  userId: number,
  finishWith?: (tx: Db) => Promise<void>,
): Promise<FoundFlag[]> {
  return db.transaction(async (tx) => {
    // The lock and the rules' reads go in one round trip (ADR 0066): on the transaction's one
    // connection the reads run after the lock is granted, as if awaited in turn.
    const [, found] = await together([lockGolfer(tx, { userId }), findFlags(tx, userId)]);
    // Explanations name partners as typed: lone surrogates go as U+FFFD (db/schema/json.ts).
    const rowsJson = wellFormedJson(
      found.map((f) => ({
        rule: f.rule,
        user_id: f.userId,
        other_user_id: f.otherUserId,
        subject_key: f.subjectKey,
        record_ids: f.recordIds,
        explanation: f.explanation,
      })),
    );
    // The job's completion (when run as one) commits with the flags it wrote.
    await together([upsertFlags(tx, { rows: rowsJson, userId }), finishWith?.(tx)]);
    return found;
  });
}
