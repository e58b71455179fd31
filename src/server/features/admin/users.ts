import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import {
  ADMINS_ONLY,
  type AdminMutationResult,
  type AdminUser,
  type AdminUserDetail,
  type adminSetAdminSchema,
  type adminSetDisabledSchema,
  type adminUserIdSchema,
  type adminUserListSchema,
  CANNOT_CHANGE_OWN_ADMIN,
  CANNOT_DISABLE_SELF,
  type Page,
  USER_NOT_FOUND,
} from "../../../shared/schemas/admin";
import { invalidateUserSessions } from "../../auth/session";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { birdieRecords } from "../../db/schema/birdies";
import { challengePlayers, challenges } from "../../db/schema/challenges";
import { sessions, type UserRow, users } from "../../db/schema/users";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import { issuePasswordResetLink, mailPasswordResetLink } from "../auth/public";
import { linkOrigin, mailEnabled } from "../mail/public";
import { auditEntries, auditOf, writeAudit } from "./audit";
import { newestRecords } from "./records";
import { containsPattern, iso, offsetOf } from "./sql";

const DETAIL_AUDIT = 20;

/** An AdminUser's columns: the row's own, and counts of its sessions, challenges and records. */
const adminUserFields = (db: Db) => ({
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  isAdmin: users.isAdmin,
  disabled: users.disabled,
  createdAt: iso(users.createdAt),
  activeSessions: db.$count(sessions, and(eq(sessions.userId, users.id), gt(sessions.expiresAt, sql`now()`))),
  challengeCount: db.$count(challengePlayers, eq(challengePlayers.userId, users.id)),
  recordCount: db.$count(birdieRecords, eq(birdieRecords.userId, users.id)),
});

export async function listUsers(
  ctx: SignedInContext,
  input: z.output<typeof adminUserListSchema>,
): Promise<Page<AdminUser>> {
  const { db } = ctx;
  const pattern = containsPattern(input.search);
  const where = and(
    input.search
      ? or(ilike(users.username, pattern), ilike(users.displayName, pattern), ilike(users.email, pattern))
      : undefined,
    input.role === "admins" ? eq(users.isAdmin, true) : undefined,
    input.role === "disabled" ? eq(users.disabled, true) : undefined,
  );
  const total = await db.$count(users, where);
  const items = await db
    .select(adminUserFields(db))
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return { items, total, page: input.page, pageSize: input.pageSize };
}

async function adminUserById(db: Db, userId: number): Promise<AdminUser> {
  const [row] = await db.select(adminUserFields(db)).from(users).where(eq(users.id, userId));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function userDetail(
  ctx: SignedInContext,
  input: z.output<typeof adminUserIdSchema>,
): Promise<AdminUserDetail> {
  const { db } = ctx;
  const { userId } = input;
  const [user] = await db
    .select({ ...adminUserFields(db), homeCourseName: users.homeCourseName, handicap: users.handicap })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound(USER_NOT_FOUND);
  const joined = await db
    .select({
      id: challenges.id,
      name: challenges.name,
      startDate: iso(challenges.startDate),
      endDate: iso(challenges.endDate),
      creatorId: challenges.creatorId,
      joinedAt: iso(challengePlayers.joinedAt),
      recordCount: db.$count(
        birdieRecords,
        and(eq(birdieRecords.challengeId, challenges.id), eq(birdieRecords.userId, userId)),
      ),
    })
    .from(challengePlayers)
    .innerJoin(challenges, eq(challenges.id, challengePlayers.challengeId))
    .where(eq(challengePlayers.userId, userId))
    .orderBy(desc(challenges.startDate), desc(challenges.id));
  const { records, total } = await newestRecords(db, eq(birdieRecords.userId, userId));
  const at = now(ctx);
  return {
    user,
    challenges: joined.map(({ creatorId, ...c }) => ({
      id: c.id,
      name: c.name,
      startDate: c.startDate,
      endDate: c.endDate,
      status: challengeStatus(c.startDate, c.endDate, at),
      isCreator: creatorId === userId,
      joinedAt: c.joinedAt,
      recordCount: c.recordCount,
    })),
    records,
    recordTotal: total,
    audit: await auditEntries(db, { where: auditOf("user", userId), limit: DETAIL_AUDIT }),
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
  ctx: SignedInContext,
  input: z.output<typeof adminSetAdminSchema>,
): Promise<AdminMutationResult<AdminUser>> {
  const actorId = ctx.user.id;
  // Never yourself: an admin cannot lock themselves out, and so the last admin always remains.
  if (input.userId === actorId) throw forbidden(CANNOT_CHANGE_OWN_ADMIN);
  const result = await ctx.db.transaction(async (tx) => {
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
  // This process forgets the target's cached sessions at once; others by the users trigger (ADR 0044).
  ctx.deps.sessionCache?.evictUsers([input.userId]);
  return result;
}

export async function setDisabled(
  ctx: SignedInContext,
  input: z.output<typeof adminSetDisabledSchema>,
): Promise<AdminMutationResult<AdminUser>> {
  const actorId = ctx.user.id;
  if (input.userId === actorId) throw forbidden(CANNOT_DISABLE_SELF);
  const result = await ctx.db.transaction(async (tx) => {
    const target = await lockActorAndTarget(tx, actorId, input.userId);
    if (target.disabled === input.disabled) return { changed: false, item: await adminUserById(tx, target.id) };
    await tx.update(users).set({ disabled: input.disabled }).where(eq(users.id, target.id));
    let revokedSessions = 0;
    if (input.disabled) {
      // Every session at once, in this transaction: the next request on any device is signed out.
      revokedSessions = await tx.$count(sessions, eq(sessions.userId, target.id));
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
  // This process forgets the target's cached sessions at once; others by the users trigger (ADR 0044).
  ctx.deps.sessionCache?.evictUsers([input.userId]);
  return result;
}

export const ACCOUNT_IS_DISABLED = "This account is disabled. Enable it first.";
const MAIL_OFF = "This server cannot send e-mail. Make a one-time link and hand it over instead.";

/** Locks and checks like the other user actions, and refuses a disabled account (its reset could not be used). */
async function resettableTarget(tx: Db, actorId: number, targetId: number): Promise<UserRow> {
  const target = await lockActorAndTarget(tx, actorId, targetId);
  if (target.disabled) throw badRequest(ACCOUNT_IS_DISABLED);
  return target;
}

/** "Send reset link": mails the golfer a reset link, like the recovery dialog (audited). */
export async function sendResetLink(
  ctx: SignedInContext,
  input: z.output<typeof adminUserIdSchema>,
): Promise<{ message: string }> {
  if (!mailEnabled(ctx.deps.env)) throw new AppError("UNAVAILABLE", MAIL_OFF);
  const origin = linkOrigin(ctx);
  return ctx.db.transaction(async (tx) => {
    const target = await resettableTarget(tx, ctx.user.id, input.userId);
    await mailPasswordResetLink(tx, target, origin, now(ctx));
    await writeAudit(tx, ctx.user.id, "user.send_reset_link", {
      type: "user",
      id: target.id,
      label: target.username,
    });
    return { message: `A password reset link was sent to ${target.email}.` };
  });
}

/**
 * A one-time reset link for the admin to hand over (when mail is off, or the golfer cannot reach
 * their mailbox). Shown once: only its hash is stored. Audited.
 */
export async function createResetLink(
  ctx: SignedInContext,
  input: z.output<typeof adminUserIdSchema>,
): Promise<{ url: string; expiresAt: string }> {
  const origin = linkOrigin(ctx);
  return ctx.db.transaction(async (tx) => {
    const target = await resettableTarget(tx, ctx.user.id, input.userId);
    const link = await issuePasswordResetLink(tx, target, origin, now(ctx));
    await writeAudit(tx, ctx.user.id, "user.create_reset_link", {
      type: "user",
      id: target.id,
      label: target.username,
    });
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}
