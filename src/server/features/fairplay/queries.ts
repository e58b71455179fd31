import { sql } from "drizzle-orm";
import { FLAG_RULE_TITLES, type FlagRule, type FlagStatus } from "../../../shared/domain/fairplay";
import type { VerificationStatus } from "../../../shared/domain/verification";
import type { AdminFlag, FlagGolfer, FlagRecord } from "../../../shared/schemas/fairplay";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";

// The flags as the admin queue reads them (admin/flags.ts), without any access check: the admin
// service decides who may see them (ADR 0022).

export const FLAG_PAGE_SIZE = 20;

type FlagRow = {
  id: number;
  rule: FlagRule;
  explanation: string;
  status: FlagStatus;
  resolution: string | null;
  created_at: string;
  updated_at: string;
  record_ids: number[];
  user_id: number;
  u_username: string;
  u_display_name: string;
  u_disabled: boolean;
  other_user_id: number | null;
  o_username: string | null;
  o_display_name: string | null;
  o_disabled: boolean | null;
};

type RecordRow = {
  id: number;
  challenge_id: number;
  challenge_name: string;
  hole_number: number;
  score: number;
  date_played: string;
  course_name: string;
  verifier_name: string;
  verification_status: VerificationStatus;
};

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const selectFlags = sql`
  select f.id, f.rule, f.explanation, f.status, f.resolution, ${ISO("f.created_at")} as created_at,
         ${ISO("f.updated_at")} as updated_at, f.record_ids,
         f.user_id, u.username as u_username, u.display_name as u_display_name, u.disabled as u_disabled,
         f.other_user_id, o.username as o_username, o.display_name as o_display_name, o.disabled as o_disabled
    from fairplay_flags f
    join users u on u.id = f.user_id
    left join users o on o.id = f.other_user_id`;

async function withRecords(db: Db, found: FlagRow[]): Promise<AdminFlag[]> {
  const ids = [...new Set(found.flatMap((f) => f.record_ids.map(Number)))];
  const records = ids.length
    ? await rows<RecordRow>(
        db,
        sql`select r.id, r.challenge_id, ch.name as challenge_name, r.hole_number, r.score, r.date_played::text as date_played,
                   c.name as course_name, r.verifier_name, r.verification_status
              from birdie_records r
              join challenges ch on ch.id = r.challenge_id
              join courses c on c.id = r.course_id
             where r.id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      )
    : [];
  const byId = new Map(records.map((r) => [r.id, r]));
  const golfer = (id: number, username: string, displayName: string, disabled: boolean): FlagGolfer => ({
    id,
    username,
    displayName,
    disabled,
  });
  return found.map((f) => ({
    id: f.id,
    rule: f.rule,
    title: FLAG_RULE_TITLES[f.rule],
    explanation: f.explanation,
    status: f.status,
    resolution: f.resolution,
    createdAt: f.created_at,
    updatedAt: f.updated_at,
    user: golfer(f.user_id, f.u_username, f.u_display_name, f.u_disabled),
    otherUser:
      f.other_user_id === null
        ? null
        : golfer(f.other_user_id, f.o_username ?? "", f.o_display_name ?? "", f.o_disabled ?? false),
    records: f.record_ids
      .map((id) => byId.get(Number(id)))
      .filter((r): r is RecordRow => r !== undefined)
      .map(
        (r): FlagRecord => ({
          id: r.id,
          challengeId: r.challenge_id,
          challengeName: r.challenge_name,
          holeNumber: r.hole_number,
          score: r.score,
          datePlayed: r.date_played,
          courseName: r.course_name,
          verifierName: r.verifier_name,
          verificationStatus: r.verification_status,
        }),
      ),
  }));
}

/** A page of flags with one status, newest first (the open queue reads its partial index). */
export async function flagPage(
  db: Db,
  status: FlagStatus,
  page: number,
): Promise<{ items: AdminFlag[]; total: number }> {
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from fairplay_flags where status = ${status}`,
  );
  const found = await rows<FlagRow>(
    db,
    sql`${selectFlags} where f.status = ${status} order by f.created_at desc, f.id desc
        limit ${FLAG_PAGE_SIZE} offset ${(page - 1) * FLAG_PAGE_SIZE}`,
  );
  return { items: await withRecords(db, found), total: count?.n ?? 0 };
}

/** One flag, locked for the rest of the transaction when `forUpdate`. */
export async function flagById(db: Db, id: number, forUpdate = false): Promise<AdminFlag | undefined> {
  const found = await rows<FlagRow>(
    db,
    sql`${selectFlags} where f.id = ${id} ${forUpdate ? sql`for update of f` : sql``}`,
  );
  return (await withRecords(db, found))[0];
}

/** Marks a flag dealt with (dismissed or actioned) by an admin. */
export async function resolveFlag(
  db: Db,
  id: number,
  status: Exclude<FlagStatus, "open">,
  resolution: string,
  adminId: number,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    update fairplay_flags set status = ${status}, resolution = ${resolution}, resolved_by = ${adminId},
           resolved_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
     where id = ${id}`);
}
