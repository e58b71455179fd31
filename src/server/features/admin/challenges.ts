import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import type {
  AdminChallenge,
  AdminChallengeDetail,
  adminChallengeIdSchema,
  adminChallengeListSchema,
  Page,
} from "../../../shared/schemas/admin";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { birdieRecords } from "../../db/schema/birdies";
import { chatMessages } from "../../db/schema/chat";
import { challengeCourses, challengePlayers, challenges, courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { CHALLENGE_NOT_FOUND } from "../challenges/access";
import { writeAudit } from "./audit";
import { newestRecords } from "./records";
import { containsPattern, iso, offsetOf } from "./sql";
import { onlyRow } from "../../lib/rows";

/** An AdminChallenge's columns, from `challenges` joined with its creator in `users`. */
const challengeFields = (db: Db) => ({
  id: challenges.id,
  name: challenges.name,
  courseMode: challenges.courseMode,
  startDate: iso(challenges.startDate),
  endDate: iso(challenges.endDate),
  createdAt: iso(challenges.createdAt),
  creatorId: users.id,
  creatorUsername: users.username,
  creatorDisplayName: users.displayName,
  playerCount: db.$count(challengePlayers, eq(challengePlayers.challengeId, challenges.id)),
  recordCount: db.$count(birdieRecords, eq(birdieRecords.challengeId, challenges.id)),
  courseNames: sql<string[]>`(${db
    .select({
      names: sql`coalesce(array_agg(${courses.name}::text order by ${challengeCourses.position}, ${courses.name}), '{}')`,
    })
    .from(challengeCourses)
    .innerJoin(courses, eq(courses.id, challengeCourses.courseId))
    .where(eq(challengeCourses.challengeId, challenges.id))})`,
});

const selectChallenges = (db: Db) =>
  db.select(challengeFields(db)).from(challenges).innerJoin(users, eq(users.id, challenges.creatorId));
type ChallengeRow = Awaited<ReturnType<typeof selectChallenges>>[number];

function toAdminChallenge(row: ChallengeRow, at: Date): AdminChallenge {
  return {
    id: row.id,
    name: row.name,
    courseMode: row.courseMode,
    courseNames: row.courseNames,
    startDate: row.startDate,
    endDate: row.endDate,
    status: challengeStatus(row.startDate, row.endDate, at),
    createdAt: row.createdAt,
    creator: { id: row.creatorId, username: row.creatorUsername, displayName: row.creatorDisplayName },
    playerCount: row.playerCount,
    recordCount: row.recordCount,
  };
}

export async function listChallenges(
  ctx: SignedInContext,
  input: z.output<typeof adminChallengeListSchema>,
): Promise<Page<AdminChallenge>> {
  const { db } = ctx;
  const t = now(ctx);
  const pattern = containsPattern(input.search);
  const where = and(
    input.search
      ? or(ilike(challenges.name, pattern), ilike(users.username, pattern), ilike(users.displayName, pattern))
      : undefined,
    // The same boundaries as challengeStatus(): active from start to end, both instants included.
    input.status === "active" ? and(lte(challenges.startDate, t), gte(challenges.endDate, t)) : undefined,
    input.status === "upcoming" ? gt(challenges.startDate, t) : undefined,
    input.status === "past" ? lt(challenges.endDate, t) : undefined,
  );
  const { total } = onlyRow(
    await db
      .select({ total: count() })
      .from(challenges)
      .innerJoin(users, eq(users.id, challenges.creatorId))
      .where(where),
  );
  const found = await selectChallenges(db)
    .where(where)
    .orderBy(desc(challenges.createdAt), desc(challenges.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return { items: found.map((r) => toAdminChallenge(r, t)), total, page: input.page, pageSize: input.pageSize };
}

export async function challengeDetail(
  ctx: SignedInContext,
  input: z.output<typeof adminChallengeIdSchema>,
): Promise<AdminChallengeDetail> {
  const { db } = ctx;
  const { challengeId } = input;
  const [row] = await db
    .select({
      ...challengeFields(db),
      description: challenges.description,
      rules: challenges.rules,
      tiebreaker: challenges.tiebreaker,
      allowMultipleBirdies: challenges.allowMultipleBirdies,
      eagleBonus: challenges.eagleBonus,
      messageCount: db.$count(chatMessages, eq(chatMessages.challengeId, challenges.id)),
    })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.creatorId))
    .where(eq(challenges.id, challengeId));
  if (!row) throw notFound(CHALLENGE_NOT_FOUND);
  // Counting records only score (record_counts, drizzle/0016, ADR 0036), by the SQL scoring rule
  // (drizzle/0011, docs/product/rules.md#points).
  const points = sql<number>`coalesce(sum(case when record_counts(${birdieRecords}) then record_points(${birdieRecords.score}) else 0 end), 0)::int`;
  const players = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      joinedAt: iso(challengePlayers.joinedAt),
      recordCount: count(birdieRecords.id),
      points,
    })
    .from(challengePlayers)
    .innerJoin(users, eq(users.id, challengePlayers.userId))
    .leftJoin(
      birdieRecords,
      and(
        eq(birdieRecords.challengeId, challengePlayers.challengeId),
        eq(birdieRecords.userId, challengePlayers.userId),
      ),
    )
    .where(eq(challengePlayers.challengeId, challengeId))
    .groupBy(users.id, users.username, users.displayName, challengePlayers.joinedAt)
    .orderBy(desc(points), asc(challengePlayers.joinedAt), asc(users.id));
  const { records, total } = await newestRecords(db, eq(birdieRecords.challengeId, challengeId));
  return {
    challenge: {
      ...toAdminChallenge(row, now(ctx)),
      description: row.description,
      rules: row.rules,
      tiebreaker: row.tiebreaker,
      allowMultipleBirdies: row.allowMultipleBirdies,
      eagleBonus: row.eagleBonus,
      messageCount: row.messageCount,
    },
    players: players.map((p) => ({
      id: p.id,
      username: p.username,
      displayName: p.displayName,
      joinedAt: p.joinedAt,
      isCreator: p.id === row.creatorId,
      recordCount: p.recordCount,
      points: p.points,
    })),
    records,
    recordTotal: total,
  };
}

/** Deletes a challenge; its players, records, courses links and chat go with it by ON DELETE CASCADE. */
export async function deleteChallengeAsAdmin(
  ctx: SignedInContext,
  input: z.output<typeof adminChallengeIdSchema>,
): Promise<{ ok: true; id: number }> {
  const { challengeId } = input;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: challenges.id,
        name: challenges.name,
        creatorId: challenges.creatorId,
        players: tx.$count(challengePlayers, eq(challengePlayers.challengeId, challenges.id)),
        records: tx.$count(birdieRecords, eq(birdieRecords.challengeId, challenges.id)),
        messages: tx.$count(chatMessages, eq(chatMessages.challengeId, challenges.id)),
      })
      .from(challenges)
      .where(eq(challenges.id, challengeId))
      .for("update");
    if (!row) throw notFound(CHALLENGE_NOT_FOUND);
    await tx.delete(challenges).where(eq(challenges.id, challengeId));
    // The name and what went with it live on in the entry, as the challenge itself is gone.
    await writeAudit(
      tx,
      ctx.user.id,
      "challenge.delete",
      { type: "challenge", id: row.id, label: row.name },
      { creatorId: row.creatorId, players: row.players, records: row.records, messages: row.messages },
    );
    return { ok: true as const, id: row.id };
  });
}
