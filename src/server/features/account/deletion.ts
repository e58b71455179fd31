import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { deleteAccountSchema } from "../../../shared/schemas/account";
import type { SignedInContext } from "../../context";
import { blankSessionCookie } from "../../auth/session";
import { verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { birdieRecords } from "../../db/schema/birdies";
import { challengePlayers, challenges } from "../../db/schema/challenges";
import { userPeriodStats } from "../../db/schema/leaderboards";
import { rateLimitHits } from "../../db/schema/rate-limits";
import { supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { badRequest, notFound, tooManyRequests } from "../../lib/errors";
import { announceLeave } from "../chat/public";
import { handOverChallenge } from "../challenges/public";
import { changeRecordStatus } from "../verification/public";

// Deleting an account (docs/product/rules.md#deleting-an-account). One transaction: challenges the
// golfer created pass to their longest-standing member (or go when nobody is left) with the room
// told of the hand-over as when a creator hands it on, each room hears "{name} left the challenge", then the users row goes and the foreign keys do the rest: sessions
// (whose delete trigger closes the golfer's sockets on every instance), picture, memberships,
// records (whose triggers update the boards), achievements; chat messages stay, authorless, shown
// as "Deleted golfer".

export const WRONG_PASSWORD_TO_DELETE = "Password is incorrect";
/** The reason in a record's history when its named partner's account is deleted before answering. */
export const PARTNER_DELETED = "The partner's account was deleted before they answered";
export const TOO_MANY_DELETE_CHECKS = "Too many wrong passwords. Please wait a few minutes and try again.";

type CookieContext = SignedInContext & { setCookie(cookie: string): void };

export async function deleteAccount(
  ctx: CookieContext,
  input: z.output<typeof deleteAccountSchema>,
): Promise<{ ok: true; transferred: number; deletedChallenges: number }> {
  const userId = ctx.user.id;
  // The same counter as a password change: one budget of wrong guesses per account.
  const failures = ctx.deps.limits.passwordChangeFailuresPerUser;
  const key = String(userId);
  if (!(await failures.tryConsume(key))) throw tooManyRequests(TOO_MANY_DELETE_CHECKS);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound("User not found");
  if (!(await verifyPassword(input.password, row.passwordHash))) throw badRequest(WRONG_PASSWORD_TO_DELETE);

  const outcome = await ctx.db.transaction(async (tx) => {
    // Locks the account first, so an admin acting on it (or a second delete) waits for this one.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const created = await tx
      .select({ id: challenges.id })
      .from(challenges)
      .where(eq(challenges.creatorId, userId))
      .orderBy(asc(challenges.id))
      .for("update");
    let transferred = 0;
    let deletedChallenges = 0;
    for (const { id } of created) {
      const heir = await longestStandingMember(tx, id, userId);
      if (heir === null) {
        await tx.delete(challenges).where(eq(challenges.id, id));
        deletedChallenges += 1;
      } else {
        await handOverChallenge(tx, id, row.displayName, heir);
        transferred += 1;
      }
    }
    // Records waiting for this golfer's confirmation would wait forever: they go back to what the
    // golfer's typed partner name and signature make them, signed (docs/product/rules.md#verification).
    const awaiting = await tx
      .select({ id: birdieRecords.id })
      .from(birdieRecords)
      .where(and(eq(birdieRecords.partnerUserId, userId), eq(birdieRecords.verificationStatus, "pending")));
    const at = new Date();
    for (const { id } of awaiting)
      await changeRecordStatus(tx, { recordId: id, to: "signed", actorUserId: null, reason: PARTNER_DELETED, at });
    const rooms = await tx
      .select({ challengeId: challengePlayers.challengeId })
      .from(challengePlayers)
      .where(eq(challengePlayers.userId, userId));
    for (const { challengeId } of rooms) await announceLeave(tx, challengeId, row.displayName, false);
    // Support requests carry the golfer's e-mail address, and limit counters their username: gone too.
    await tx.delete(supportRequests).where(eq(supportRequests.userId, userId));
    const name = row.username.toLowerCase();
    await tx
      .delete(rateLimitHits)
      .where(
        sql`${rateLimitHits.key} = ${name} or right(${rateLimitHits.key}, ${name.length + 1}) = ${` ${name}`} or ${rateLimitHits.key} = ${key}`,
      );
    await tx.delete(users).where(eq(users.id, userId));
    // The board totals have no foreign key (db/schema/leaderboards.ts): the record triggers above
    // brought them to zero; the rows themselves go now.
    await tx.delete(userPeriodStats).where(eq(userPeriodStats.userId, userId));
    return { transferred, deletedChallenges };
  });
  ctx.setCookie(blankSessionCookie(ctx.meta.secure));
  return { ok: true, ...outcome };
}

/** The member who joined first (then the lowest id), other than the leaving golfer; null when none. */
async function longestStandingMember(tx: Db, challengeId: number, leaving: number): Promise<number | null> {
  const [heir] = await tx
    .select({ userId: challengePlayers.userId })
    .from(challengePlayers)
    .where(and(eq(challengePlayers.challengeId, challengeId), ne(challengePlayers.userId, leaving)))
    .orderBy(asc(challengePlayers.joinedAt), asc(challengePlayers.userId))
    .limit(1);
  return heir?.userId ?? null;
}
