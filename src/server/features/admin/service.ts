import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import {
  adminAuditListSchema,
  adminChallengeIdSchema,
  adminChallengeListSchema,
  adminSetAdminSchema,
  adminSetDisabledSchema,
  adminSupportListSchema,
  adminSupportSetStatusSchema,
  adminUserIdSchema,
  adminUserListSchema,
  ADMINS_ONLY,
  ANALYTICS_WEEKS,
  BUSIEST_COURSES,
  CANNOT_CHANGE_OWN_ADMIN,
  CANNOT_DISABLE_SELF,
  DASHBOARD_DAYS,
  RECENT_AUDIT_ENTRIES,
  SUPPORT_REQUEST_NOT_FOUND,
  USER_NOT_FOUND,
  type AdminAnalytics,
  type AdminAuditListInput,
  type AdminChallenge,
  type AdminChallengeDetail,
  type AdminChallengeIdInput,
  type AdminChallengeListInput,
  type AdminDashboard,
  type AdminMutationResult,
  type AdminRecord,
  type AdminSetAdminInput,
  type AdminSetDisabledInput,
  type AdminSupportListInput,
  type AdminSupportPage,
  type AdminSupportRequest,
  type AdminSupportSetStatusInput,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserIdInput,
  type AdminUserListInput,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
  type Page,
} from "../../../shared/schemas/admin";
import { invalidateUserSessions } from "../../auth/session";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";
import { auditLog } from "../../db/schema/admin";
import { challenges } from "../../db/schema/challenges";
import { supportRequests } from "../../db/schema/support";
import { users, type UserRow } from "../../db/schema/users";
import { forbidden, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { CHALLENGE_NOT_FOUND } from "../challenges/access";

// The admin area's reads and actions (DECISIONS.md "Admin area"). Totals, series and analytics are
// computed in SQL; every action writes its audit entry inside the transaction that performs it.
// Callers have already been checked by `adminProcedure`; `actorId` is that admin.

/** Detail views list this many of the newest records (the total is reported beside them). */
export const DETAIL_RECORDS = 200;
const DETAIL_AUDIT = 20;

/** A timestamptz as an ISO string, formatted in SQL so both drivers hand back the same text. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const whereAll = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);
const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

// ---------------------------------------------------------------------------------------------
// Audit log

type AuditTarget = { type: AuditTargetType; id: number; label: string };

async function writeAudit(
  tx: Db,
  actorId: number,
  action: AuditAction,
  target: AuditTarget,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({
    actorId,
    action,
    targetType: target.type,
    targetId: target.id,
    details: { label: target.label, ...details },
  });
}

type AuditRow = {
  id: number;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: number | null;
  details: Record<string, unknown> | string | null;
  created_at: string;
  actor_id: number | null;
  actor_username: string | null;
  actor_display_name: string | null;
};

function toAuditEntry(row: AuditRow): AuditEntry {
  // jsonb arrives parsed on both drivers; a string is tolerated in case a driver hands back text.
  const details = (typeof row.details === "string" ? JSON.parse(row.details) : (row.details ?? {})) as Record<
    string,
    unknown
  >;
  const { label, ...rest } = details;
  return {
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: typeof label === "string" ? label : null,
    details: rest,
    actor:
      row.actor_id === null
        ? null
        : { id: row.actor_id, username: row.actor_username ?? "", displayName: row.actor_display_name ?? "" },
    createdAt: row.created_at,
  };
}

async function auditEntries(db: Db, where: SQL, limit: number, offset = 0): Promise<AuditEntry[]> {
  const found = await rows<AuditRow>(
    db,
    sql`
    select a.id, a.action, a.target_type, a.target_id, a.details, ${iso(sql`a.created_at`)} as created_at,
           u.id as actor_id, u.username as actor_username, u.display_name as actor_display_name
    from audit_log a left join users u on u.id = a.actor_id
    where ${where}
    order by a.created_at desc, a.id desc
    limit ${limit} offset ${offset}`,
  );
  return found.map(toAuditEntry);
}

export async function listAudit(db: Db, raw: AdminAuditListInput = {}): Promise<Page<AuditEntry>> {
  const { page, pageSize } = parseInput(adminAuditListSchema, raw);
  const [{ total }] = await rows<{ total: number }>(db, sql`select count(*)::int as total from audit_log`);
  const items = await auditEntries(db, sql`true`, pageSize, offsetOf(page, pageSize));
  return { items, total, page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// Dashboard

export async function dashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const t = at(now);
  const [totals] = await rows<Record<string, number>>(
    db,
    sql`
    with bounds as (
      select date_trunc('day', ${t} at time zone 'UTC') at time zone 'UTC' as day_start,
             date_trunc('week', ${t} at time zone 'UTC') at time zone 'UTC' as week_start
    )
    select
      (select count(*)::int from users) as users,
      (select count(*)::int from users where is_admin) as admins,
      (select count(*)::int from users where disabled) as disabled_users,
      (select count(*)::int from challenges where start_date <= ${t} and end_date >= ${t}) as challenges_active,
      (select count(*)::int from challenges where start_date > ${t}) as challenges_upcoming,
      (select count(*)::int from challenges where end_date < ${t}) as challenges_past,
      (select count(*)::int from birdie_records, bounds where created_at >= bounds.day_start and created_at <= ${t}) as birdies_today,
      (select count(*)::int from birdie_records, bounds where created_at >= bounds.week_start and created_at <= ${t}) as birdies_this_week,
      (select count(*)::int from support_requests where status = 'open') as open_support_requests`,
  );

  // One row per UTC day of the last 30 (today included), zero-filled by generate_series.
  const daily = await rows<{ day: string; sign_ups: number; records: number }>(
    db,
    sql`
    with days as (
      select ((${t} at time zone 'UTC')::date - g.i) as day
      from generate_series(0, ${DASHBOARD_DAYS - 1}) as g(i)
    ),
    first_day as (select (min(day)::timestamp at time zone 'UTC') as start from days),
    sign_ups as (
      select (u.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from users u, first_day where u.created_at >= first_day.start group by 1
    ),
    records as (
      select (r.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from birdie_records r, first_day where r.created_at >= first_day.start group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sign_ups.n, 0) as sign_ups, coalesce(records.n, 0) as records
    from days
    left join sign_ups on sign_ups.day = days.day
    left join records on records.day = days.day
    order by days.day`,
  );

  return {
    totals: {
      users: totals.users,
      admins: totals.admins,
      disabledUsers: totals.disabled_users,
      challengesActive: totals.challenges_active,
      challengesUpcoming: totals.challenges_upcoming,
      challengesPast: totals.challenges_past,
      birdiesToday: totals.birdies_today,
      birdiesThisWeek: totals.birdies_this_week,
      openSupportRequests: totals.open_support_requests,
    },
    daily: daily.map((d) => ({ day: d.day, signUps: d.sign_ups, records: d.records })),
    recentAudit: await auditEntries(db, sql`true`, RECENT_AUDIT_ENTRIES),
  };
}

// ---------------------------------------------------------------------------------------------
// Users

type UserListRow = {
  id: number;
  username: string;
  display_name: string;
  email: string;
  is_admin: boolean;
  disabled: boolean;
  created_at: string;
  active_sessions: number;
  challenge_count: number;
  record_count: number;
};

const userColumns = sql`
  u.id, u.username, u.display_name, u.email, u.is_admin, u.disabled, ${iso(sql`u.created_at`)} as created_at,
  (select count(*)::int from sessions s where s.user_id = u.id and s.expires_at > now()) as active_sessions,
  (select count(*)::int from challenge_players p where p.user_id = u.id) as challenge_count,
  (select count(*)::int from birdie_records r where r.user_id = u.id) as record_count`;

function toAdminUser(row: UserListRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    isAdmin: row.is_admin,
    disabled: row.disabled,
    createdAt: row.created_at,
    activeSessions: row.active_sessions,
    challengeCount: row.challenge_count,
    recordCount: row.record_count,
  };
}

export async function listUsers(db: Db, raw: AdminUserListInput = {}): Promise<Page<AdminUser>> {
  const input = parseInput(adminUserListSchema, raw);
  const conditions: SQL[] = [];
  if (input.search) {
    const p = containsPattern(input.search);
    conditions.push(sql`(u.username ilike ${p} or u.display_name ilike ${p} or u.email ilike ${p})`);
  }
  if (input.role === "admins") conditions.push(sql`u.is_admin`);
  if (input.role === "disabled") conditions.push(sql`u.disabled`);
  const where = whereAll(conditions);
  const [{ total }] = await rows<{ total: number }>(db, sql`select count(*)::int as total from users u where ${where}`);
  const found = await rows<UserListRow>(
    db,
    sql`select ${userColumns} from users u where ${where}
        order by u.created_at desc, u.id desc
        limit ${input.pageSize} offset ${offsetOf(input.page, input.pageSize)}`,
  );
  return { items: found.map(toAdminUser), total, page: input.page, pageSize: input.pageSize };
}

async function adminUserById(db: Db, userId: number): Promise<AdminUser> {
  const [row] = await rows<UserListRow>(db, sql`select ${userColumns} from users u where u.id = ${userId}`);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toAdminUser(row);
}

type RecordRow = {
  id: number;
  challenge_id: number;
  challenge_name: string;
  user_id: number;
  username: string;
  display_name: string;
  course_name: string;
  hole_number: number;
  score: number;
  counted: boolean;
  date_played: string;
  created_at: string;
  verifier_name: string;
};

async function recordsWhere(db: Db, where: SQL, limit: number): Promise<{ records: AdminRecord[]; total: number }> {
  const [{ total }] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from birdie_records r where ${where}`,
  );
  const found = await rows<RecordRow>(
    db,
    sql`
    select r.id, r.challenge_id, c.name as challenge_name, r.user_id, u.username, u.display_name,
           co.name as course_name, r.hole_number, r.score, r.counted, r.date_played::text as date_played,
           ${iso(sql`r.created_at`)} as created_at, r.verifier_name
    from birdie_records r
    join challenges c on c.id = r.challenge_id
    join users u on u.id = r.user_id
    join courses co on co.id = r.course_id
    where ${where}
    order by r.created_at desc, r.id desc
    limit ${limit}`,
  );
  return {
    total,
    records: found.map((r) => ({
      id: r.id,
      challengeId: r.challenge_id,
      challengeName: r.challenge_name,
      userId: r.user_id,
      username: r.username,
      displayName: r.display_name,
      courseName: r.course_name,
      holeNumber: Number(r.hole_number),
      score: Number(r.score),
      counted: r.counted,
      datePlayed: r.date_played,
      createdAt: r.created_at,
      verifierName: r.verifier_name,
    })),
  };
}

export async function userDetail(db: Db, raw: AdminUserIdInput, now = new Date()): Promise<AdminUserDetail> {
  const { userId } = parseInput(adminUserIdSchema, raw);
  const user = await adminUserById(db, userId);
  const [extra] = await rows<{ home_course_name: string | null; handicap: string | null }>(
    db,
    sql`select home_course_name, handicap::text as handicap from users where id = ${userId}`,
  );
  const joined = await rows<{
    id: number;
    name: string;
    start_date: string;
    end_date: string;
    is_creator: boolean;
    joined_at: string;
    record_count: number;
  }>(
    db,
    sql`
    select c.id, c.name, ${iso(sql`c.start_date`)} as start_date, ${iso(sql`c.end_date`)} as end_date,
           (c.creator_id = ${userId}) as is_creator, ${iso(sql`p.joined_at`)} as joined_at,
           (select count(*)::int from birdie_records r where r.challenge_id = c.id and r.user_id = ${userId}) as record_count
    from challenge_players p join challenges c on c.id = p.challenge_id
    where p.user_id = ${userId}
    order by c.start_date desc, c.id desc`,
  );
  const { records, total } = await recordsWhere(db, sql`r.user_id = ${userId}`, DETAIL_RECORDS);
  return {
    user: {
      ...user,
      homeCourseName: extra?.home_course_name ?? null,
      handicap: extra?.handicap == null ? null : Number(extra.handicap),
    },
    challenges: joined.map((c) => ({
      id: c.id,
      name: c.name,
      startDate: c.start_date,
      endDate: c.end_date,
      status: challengeStatus(c.start_date, c.end_date, now),
      isCreator: c.is_creator,
      joinedAt: c.joined_at,
      recordCount: c.record_count,
    })),
    records,
    recordTotal: total,
    audit: await auditEntries(db, sql`a.target_type = 'user' and a.target_id = ${userId}`, DETAIL_AUDIT),
  };
}

/**
 * Locks the acting admin's row and the target's in id order, then checks the actor is still an
 * enabled admin. Two admins acting on each other at once would otherwise deadlock (each locked its
 * target, then the audit entry's foreign key needed the other's lock on its own row): in one order
 * the second waits, then finds itself revoked or disabled and is refused, so an admin remains.
 */
async function lockActorAndTarget(tx: Db, actorId: number, targetId: number): Promise<UserRow> {
  const locked = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [actorId, targetId]))
    .orderBy(asc(users.id))
    .for("no key update");
  const actor = locked.find((u) => u.id === actorId);
  if (!actor?.isAdmin || actor.disabled) throw forbidden(ADMINS_ONLY);
  const target = locked.find((u) => u.id === targetId);
  if (!target) throw notFound(USER_NOT_FOUND);
  return target;
}

export async function setAdmin(
  db: Db,
  actorId: number,
  raw: AdminSetAdminInput,
): Promise<AdminMutationResult<AdminUser>> {
  const input = parseInput(adminSetAdminSchema, raw);
  // Never yourself: an admin cannot lock themselves out, and so the last admin always remains.
  if (input.userId === actorId) throw forbidden(CANNOT_CHANGE_OWN_ADMIN);
  return db.transaction(async (tx) => {
    const target = await lockActorAndTarget(tx, actorId, input.userId);
    if (target.isAdmin === input.isAdmin) return { changed: false, item: await adminUserById(tx, target.id) };
    await tx.update(users).set({ isAdmin: input.isAdmin }).where(eq(users.id, target.id));
    await writeAudit(tx, actorId, input.isAdmin ? "user.grant_admin" : "user.revoke_admin", {
      type: "user",
      id: target.id,
      label: target.username,
    });
    return { changed: true, item: await adminUserById(tx, target.id) };
  });
}

export async function setDisabled(
  db: Db,
  actorId: number,
  raw: AdminSetDisabledInput,
): Promise<AdminMutationResult<AdminUser>> {
  const input = parseInput(adminSetDisabledSchema, raw);
  if (input.userId === actorId) throw forbidden(CANNOT_DISABLE_SELF);
  return db.transaction(async (tx) => {
    const target = await lockActorAndTarget(tx, actorId, input.userId);
    if (target.disabled === input.disabled) return { changed: false, item: await adminUserById(tx, target.id) };
    await tx.update(users).set({ disabled: input.disabled }).where(eq(users.id, target.id));
    let revokedSessions = 0;
    if (input.disabled) {
      // Every session at once, in this transaction: the next request on any device is signed out.
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from sessions where user_id = ${target.id}`,
      );
      revokedSessions = n;
      await invalidateUserSessions(tx, target.id);
    }
    await writeAudit(
      tx,
      actorId,
      input.disabled ? "user.disable" : "user.enable",
      { type: "user", id: target.id, label: target.username },
      input.disabled ? { revokedSessions } : {},
    );
    return { changed: true, item: await adminUserById(tx, target.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Challenges

type ChallengeListRow = {
  id: number;
  name: string;
  course_mode: "single" | "hybrid";
  course_names: string[] | string | null;
  start_date: string;
  end_date: string;
  created_at: string;
  creator_id: number;
  creator_username: string;
  creator_display_name: string;
  player_count: number;
  record_count: number;
};

const challengeColumns = sql`
  c.id, c.name, c.course_mode, ${iso(sql`c.start_date`)} as start_date, ${iso(sql`c.end_date`)} as end_date,
  ${iso(sql`c.created_at`)} as created_at,
  u.id as creator_id, u.username as creator_username, u.display_name as creator_display_name,
  (select count(*)::int from challenge_players p where p.challenge_id = c.id) as player_count,
  (select count(*)::int from birdie_records r where r.challenge_id = c.id) as record_count,
  (select coalesce(json_agg(co.name order by cc.position, co.name), '[]'::json)
     from challenge_courses cc join courses co on co.id = cc.course_id where cc.challenge_id = c.id) as course_names`;

function toAdminChallenge(row: ChallengeListRow, now: Date): AdminChallenge {
  const names =
    typeof row.course_names === "string" ? (JSON.parse(row.course_names) as string[]) : (row.course_names ?? []);
  return {
    id: row.id,
    name: row.name,
    courseMode: row.course_mode,
    courseNames: names,
    startDate: row.start_date,
    endDate: row.end_date,
    status: challengeStatus(row.start_date, row.end_date, now),
    createdAt: row.created_at,
    creator: { id: row.creator_id, username: row.creator_username, displayName: row.creator_display_name },
    playerCount: row.player_count,
    recordCount: row.record_count,
  };
}

export async function listChallenges(
  db: Db,
  raw: AdminChallengeListInput = {},
  now = new Date(),
): Promise<Page<AdminChallenge>> {
  const input = parseInput(adminChallengeListSchema, raw);
  const t = at(now);
  const conditions: SQL[] = [];
  if (input.search) {
    const p = containsPattern(input.search);
    conditions.push(sql`(c.name ilike ${p} or u.username ilike ${p} or u.display_name ilike ${p})`);
  }
  // The same boundaries as challengeStatus(): active from start to end, both instants included.
  if (input.status === "active") conditions.push(sql`c.start_date <= ${t} and c.end_date >= ${t}`);
  if (input.status === "upcoming") conditions.push(sql`c.start_date > ${t}`);
  if (input.status === "past") conditions.push(sql`c.end_date < ${t}`);
  const where = whereAll(conditions);
  const [{ total }] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from challenges c join users u on u.id = c.creator_id where ${where}`,
  );
  const found = await rows<ChallengeListRow>(
    db,
    sql`select ${challengeColumns} from challenges c join users u on u.id = c.creator_id where ${where}
        order by c.created_at desc, c.id desc
        limit ${input.pageSize} offset ${offsetOf(input.page, input.pageSize)}`,
  );
  return { items: found.map((r) => toAdminChallenge(r, now)), total, page: input.page, pageSize: input.pageSize };
}

export async function challengeDetail(
  db: Db,
  raw: AdminChallengeIdInput,
  now = new Date(),
): Promise<AdminChallengeDetail> {
  const { challengeId } = parseInput(adminChallengeIdSchema, raw);
  const [row] = await rows<
    ChallengeListRow & {
      description: string | null;
      rules: string | null;
      tiebreaker: string;
      allow_multiple_birdies: boolean;
      eagle_bonus: boolean;
      message_count: number;
    }
  >(
    db,
    sql`select ${challengeColumns}, c.description, c.rules, c.tiebreaker, c.allow_multiple_birdies, c.eagle_bonus,
               (select count(*)::int from chat_messages m where m.challenge_id = c.id) as message_count
        from challenges c join users u on u.id = c.creator_id where c.id = ${challengeId}`,
  );
  if (!row) throw notFound(CHALLENGE_NOT_FOUND);
  const players = await rows<{
    id: number;
    username: string;
    display_name: string;
    joined_at: string;
    is_creator: boolean;
    record_count: number;
    points: number;
  }>(
    db,
    sql`
    select u.id, u.username, u.display_name, ${iso(sql`p.joined_at`)} as joined_at, (u.id = c.creator_id) as is_creator,
           count(r.id)::int as record_count,
           coalesce(sum(case when r.counted then (case when r.score <= 2 then 3 else 1 end) else 0 end), 0)::int as points
    from challenge_players p
    join users u on u.id = p.user_id
    join challenges c on c.id = p.challenge_id
    left join birdie_records r on r.challenge_id = p.challenge_id and r.user_id = p.user_id
    where p.challenge_id = ${challengeId}
    group by u.id, u.username, u.display_name, p.joined_at, c.creator_id
    order by points desc, p.joined_at asc, u.id asc`,
  );
  const { records, total } = await recordsWhere(db, sql`r.challenge_id = ${challengeId}`, DETAIL_RECORDS);
  return {
    challenge: {
      ...toAdminChallenge(row, now),
      description: row.description,
      rules: row.rules,
      tiebreaker: row.tiebreaker,
      allowMultipleBirdies: row.allow_multiple_birdies,
      eagleBonus: row.eagle_bonus,
      messageCount: row.message_count,
    },
    players: players.map((p) => ({
      id: p.id,
      username: p.username,
      displayName: p.display_name,
      joinedAt: p.joined_at,
      isCreator: p.is_creator,
      recordCount: p.record_count,
      points: p.points,
    })),
    records,
    recordTotal: total,
  };
}

/** Deletes a challenge; its players, records, courses links and chat go with it by ON DELETE CASCADE. */
export async function deleteChallengeAsAdmin(
  db: Db,
  actorId: number,
  raw: AdminChallengeIdInput,
): Promise<{ ok: true; id: number }> {
  const { challengeId } = parseInput(adminChallengeIdSchema, raw);
  return db.transaction(async (tx) => {
    const [row] = await rows<{
      id: number;
      name: string;
      creator_id: number;
      players: number;
      records: number;
      messages: number;
    }>(
      tx,
      sql`select c.id, c.name, c.creator_id,
                 (select count(*)::int from challenge_players p where p.challenge_id = c.id) as players,
                 (select count(*)::int from birdie_records r where r.challenge_id = c.id) as records,
                 (select count(*)::int from chat_messages m where m.challenge_id = c.id) as messages
          from challenges c where c.id = ${challengeId} for update`,
    );
    if (!row) throw notFound(CHALLENGE_NOT_FOUND);
    await tx.delete(challenges).where(eq(challenges.id, challengeId));
    // The name and what went with it live on in the entry, as the challenge itself is gone.
    await writeAudit(
      tx,
      actorId,
      "challenge.delete",
      { type: "challenge", id: row.id, label: row.name },
      { creatorId: row.creator_id, players: row.players, records: row.records, messages: row.messages },
    );
    return { ok: true as const, id: row.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Support inbox

type SupportRow = {
  id: number;
  type: AdminSupportRequest["type"];
  status: AdminSupportRequest["status"];
  email: string;
  subject: string;
  message: string;
  created_at: string;
  resolved_at: string | null;
  sender_id: number | null;
  sender_username: string | null;
  sender_display_name: string | null;
  resolver_id: number | null;
  resolver_username: string | null;
  resolver_display_name: string | null;
};

const supportColumns = sql`
  s.id, s.type, s.status, s.email, s.subject, s.message, ${iso(sql`s.created_at`)} as created_at,
  case when s.resolved_at is null then null else ${iso(sql`s.resolved_at`)} end as resolved_at,
  su.id as sender_id, su.username as sender_username, su.display_name as sender_display_name,
  ru.id as resolver_id, ru.username as resolver_username, ru.display_name as resolver_display_name`;

const supportFrom = sql`support_requests s left join users su on su.id = s.user_id left join users ru on ru.id = s.resolved_by`;

function toSupportRequest(row: SupportRow): AdminSupportRequest {
  const person = (id: number | null, username: string | null, displayName: string | null) =>
    id === null ? null : { id, username: username ?? "", displayName: displayName ?? "" };
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    sender: person(row.sender_id, row.sender_username, row.sender_display_name),
    resolvedBy: person(row.resolver_id, row.resolver_username, row.resolver_display_name),
  };
}

export async function listSupport(db: Db, raw: AdminSupportListInput = {}): Promise<AdminSupportPage> {
  const input = parseInput(adminSupportListSchema, raw);
  const byType = input.type === "all" ? sql`true` : sql`s.type = ${input.type}`;
  const byStatus = input.status === "all" ? sql`true` : sql`s.status = ${input.status}`;
  // The counts follow the type filter, so the status tabs tell how many each would show.
  const [counts] = await rows<{ open: number; resolved: number }>(
    db,
    sql`select (count(*) filter (where s.status = 'open'))::int as open, (count(*) filter (where s.status = 'resolved'))::int as resolved
        from support_requests s where ${byType}`,
  );
  const total = input.status === "all" ? counts.open + counts.resolved : counts[input.status];
  const found = await rows<SupportRow>(
    db,
    sql`select ${supportColumns} from ${supportFrom} where ${byType} and ${byStatus}
        order by s.created_at desc, s.id desc
        limit ${input.pageSize} offset ${offsetOf(input.page, input.pageSize)}`,
  );
  return { items: found.map(toSupportRequest), total, page: input.page, pageSize: input.pageSize, counts };
}

async function supportById(db: Db, id: number): Promise<AdminSupportRequest> {
  const [row] = await rows<SupportRow>(db, sql`select ${supportColumns} from ${supportFrom} where s.id = ${id}`);
  if (!row) throw notFound(SUPPORT_REQUEST_NOT_FOUND);
  return toSupportRequest(row);
}

export async function setSupportStatus(
  db: Db,
  actorId: number,
  raw: AdminSupportSetStatusInput,
  now = new Date(),
): Promise<AdminMutationResult<AdminSupportRequest>> {
  const input = parseInput(adminSupportSetStatusSchema, raw);
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(supportRequests).where(eq(supportRequests.id, input.id)).for("update");
    if (!request) throw notFound(SUPPORT_REQUEST_NOT_FOUND);
    if (request.status === input.status) return { changed: false, item: await supportById(tx, request.id) };
    const resolved = input.status === "resolved";
    await tx
      .update(supportRequests)
      .set({ status: input.status, resolvedAt: resolved ? now : null, resolvedBy: resolved ? actorId : null })
      .where(eq(supportRequests.id, request.id));
    await writeAudit(tx, actorId, resolved ? "support.resolve" : "support.reopen", {
      type: "support_request",
      id: request.id,
      label: request.subject,
    });
    return { changed: true, item: await supportById(tx, request.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics

export async function analytics(db: Db, now = new Date()): Promise<AdminAnalytics> {
  const holes = await rows<{ hole_number: number; records: number; birdies: number; eagles: number }>(
    db,
    sql`
    select g.h::int as hole_number, count(r.id)::int as records,
           (count(r.id) filter (where r.score >= 3))::int as birdies,
           (count(r.id) filter (where r.score <= 2))::int as eagles
    from generate_series(1, 18) as g(h)
    left join birdie_records r on r.hole_number = g.h
    group by g.h order by g.h`,
  );
  const courses = await rows<{ id: number; name: string; records: number; players: number; challenges: number }>(
    db,
    sql`
    select co.id, co.name, count(r.id)::int as records, count(distinct r.user_id)::int as players,
           count(distinct r.challenge_id)::int as challenges
    from birdie_records r join courses co on co.id = r.course_id
    group by co.id, co.name
    order by records desc, co.name asc
    limit ${BUSIEST_COURSES}`,
  );
  const achievements = await rows<{
    achievement_type: string;
    name: string;
    category: string;
    icon: string;
    earned: number;
  }>(
    db,
    sql`
    select a.achievement_type, a.name, a.category, a.icon, count(ua.id)::int as earned
    from achievements a left join user_achievements ua on ua.achievement_id = a.id
    group by a.id order by a.sort_order, a.id`,
  );
  // Weekly active users: distinct users with a record created in each ISO week (UTC, from Monday).
  const weeks = await rows<{ week_start: string; active_users: number; records: number }>(
    db,
    sql`
    with weeks as (
      select (date_trunc('week', ${at(now)} at time zone 'UTC')::date - 7 * g.i) as week_start
      from generate_series(0, ${ANALYTICS_WEEKS - 1}) as g(i)
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
           count(distinct r.user_id)::int as active_users, count(r.id)::int as records
    from weeks w
    left join birdie_records r
      on r.created_at >= (w.week_start::timestamp at time zone 'UTC')
     and r.created_at < ((w.week_start + 7)::timestamp at time zone 'UTC')
    group by w.week_start order by w.week_start`,
  );
  return {
    holes: holes.map((h) => ({ holeNumber: h.hole_number, records: h.records, birdies: h.birdies, eagles: h.eagles })),
    busiestCourses: courses,
    achievements: achievements.map((a) => ({
      achievementType: a.achievement_type,
      name: a.name,
      category: a.category,
      icon: a.icon,
      earned: a.earned,
    })),
    weeklyActive: weeks.map((w) => ({ weekStart: w.week_start, activeUsers: w.active_users, records: w.records })),
  };
}
