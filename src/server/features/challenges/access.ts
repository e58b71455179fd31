import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { type ChallengeRow, challengePlayers, challenges } from "../../db/schema/challenges";
import type { SignedInContext } from "../../context";
import { forbidden, notFound } from "../../lib/errors";
import { readCacheFor, readDeps } from "../../lib/read-cache";
import { noteUntracked } from "../../lib/read-trace";
import { memberIdsOf } from "./queries";

// Who is in a challenge and who may change it: what every challenge-scoped feature checks first.
// Plain queries taking `db` (the caller's transaction, if any), not services (ADR 0022).

export const CHALLENGE_NOT_FOUND = "Challenge not found";
export const ONLY_CREATOR = {
  edit: "Only the creator can edit this challenge",
  delete: "Only the creator can delete this challenge",
  courses: "Only the creator can change the courses of this challenge",
  players: "Only the creator can remove players",
  invite: "Only the creator can regenerate the invite codes",
  transfer: "Only the creator can hand the challenge over",
} as const;

export type CreatorAction = keyof typeof ONLY_CREATOR;

/** The challenge and whether `userId` plays in it, or null when there is no such challenge. */
async function loadWithMembership(db: Db, challengeId: number, userId: number) {
  // Prepared: nearly every challenge-scoped request starts here.
  const [row] = await prepared(db, "challenge_with_membership", (d) =>
    d
      .select({ challenge: challenges, memberId: challengePlayers.userId })
      .from(challenges)
      .leftJoin(
        challengePlayers,
        and(eq(challengePlayers.challengeId, challenges.id), eq(challengePlayers.userId, sql.placeholder("userId"))),
      )
      .where(eq(challenges.id, sql.placeholder("challengeId"))),
  ).execute({ challengeId, userId });
  return row ? { challenge: row.challenge, isMember: row.memberId !== null } : null;
}

/** Members only: anyone else is told the challenge does not exist, so ids leak nothing. */
export async function requireMember(db: Db, challengeId: number, userId: number): Promise<ChallengeRow> {
  const found = await loadWithMembership(db, challengeId, userId);
  if (!found?.isMember) throw notFound(CHALLENGE_NOT_FOUND);
  return found.challenge;
}

/**
 * Runs `read` alongside the membership check (sent together: one round trip instead of two on
 * PostgreSQL) and hands its result to members only. A non-member gets the membership error,
 * whatever the read did; the read must not write. The challenge's member list comes from the
 * process's read cache when the call may use it (ADR 0056), so a cached read costs no query;
 * anyone the list does not name is checked against the database, which says why they may not read.
 */
export async function readAsMember<T>(
  ctx: Pick<SignedInContext, "db" | "deps" | "user">,
  challengeId: number,
  read: () => Promise<T>,
): Promise<T> {
  const { db, user } = ctx;
  const cache = readCacheFor(ctx);
  // The database's answer is one the read cache does not track: such an answer is not memoised.
  const fromDatabase = () => {
    noteUntracked();
    return requireMember(db, challengeId, user.id);
  };
  const check = cache
    ? cache
        .read(
          `members:${challengeId}`,
          async () => new Set(await memberIdsOf(db, challengeId)),
          () => [readDeps.challenge(challengeId)],
        )
        .then((members) => (members.has(user.id) ? undefined : fromDatabase()))
    : fromDatabase();
  const [member, result] = await Promise.allSettled([check, read()]);
  if (member.status === "rejected") throw member.reason;
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/** The creator only: a non-member still gets 404, a member who is not the creator 403. */
export async function requireCreator(
  db: Db,
  challengeId: number,
  userId: number,
  action: CreatorAction,
): Promise<ChallengeRow> {
  const challenge = await requireMember(db, challengeId, userId);
  if (challenge.creatorId !== userId) throw forbidden(ONLY_CREATOR[action]);
  return challenge;
}

/**
 * Locks the challenge row until the transaction ends (NO KEY UPDATE: recording's foreign-key
 * checks take KEY SHARE and are not blocked). Removing, leaving and handing over take it first, so
 * they run one at a time per challenge and each sees who the creator is after the one before.
 */
export async function lockChallenge(tx: Db, challengeId: number): Promise<ChallengeRow | undefined> {
  const [row] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("no key update");
  return row;
}

export async function isMember(db: Db, challengeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: challengePlayers.userId })
    .from(challengePlayers)
    .where(and(eq(challengePlayers.challengeId, challengeId), eq(challengePlayers.userId, userId)));
  return Boolean(row);
}

/** Adds a player; false when they were already in (the caller decides what that means). */
export async function addPlayer(db: Db, challengeId: number, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(challengePlayers)
    .values({ challengeId, userId })
    .onConflictDoNothing()
    .returning({ userId: challengePlayers.userId });
  return inserted.length > 0;
}

/**
 * Locks the player's membership row until the transaction ends; false when they are not (or no
 * longer) a member. Recording holds this lock, so one player's records in one challenge are
 * written one round at a time; removing a player deletes this row first, so it waits for a round
 * in flight (see removePlayer in ./commands.ts).
 */
export async function lockMembership(tx: Db, challengeId: number, userId: number): Promise<boolean> {
  const locked = await prepared(tx, "lock_membership", (d) =>
    d
      .select({ userId: challengePlayers.userId })
      .from(challengePlayers)
      .where(
        and(
          eq(challengePlayers.challengeId, sql.placeholder("challengeId")),
          eq(challengePlayers.userId, sql.placeholder("userId")),
        ),
      )
      .for("update"),
  ).execute({ challengeId, userId });
  return locked.length > 0;
}
