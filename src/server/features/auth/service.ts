import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type {
  ChangePasswordInput,
  LoginInput,
  PublicUser,
  RegisterInput,
  UpdateProfileInput,
} from "../../../shared/schemas/auth";
import { changePasswordSchema, loginSchema, registerSchema, updateProfileSchema } from "../../../shared/schemas/auth";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password";
import { createSession, generateSessionToken, invalidateSession } from "../../auth/session";
import type { Db } from "../../db/client";
import { sessions, users, type SessionRow, type UserRow } from "../../db/schema/users";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from "../../lib/errors";
import { logger } from "../../lib/logger";
import { parseInput } from "../../lib/validate";
import type { AppDeps } from "../../deps";
import type { RequestMeta } from "../../context";
import { toPublicUser } from "../users/queries";

/** Moved to the users feature; re-exported for this feature's router and REST routes. */
export { toPublicUser };

export const INVALID_LOGIN = "Invalid username or password";
export const ACCOUNT_DISABLED = "This account has been disabled. Please contact support.";
export const TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again.";
export const TOO_MANY_SIGNUPS = "Too many sign-up attempts from this address. Please try again later.";
export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Please wait a few minutes and try again.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const USERNAME_TAKEN = "Username is already taken";
export const EMAIL_TAKEN = "Email is already registered";
/**
 * How long a sign-in to an account under attack (wrong passwords from many addresses) waits
 * before its password is checked: it slows guessing and costs the owner a second, never a lockout.
 */
export const LOGIN_SLOWDOWN_MS = 1000;

export type SignedIn = { user: PublicUser; token: string; session: SessionRow };

async function startSession(db: Db, user: UserRow): Promise<SignedIn> {
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id);
  return { user: toPublicUser(user), token, session };
}

/** Inserts a new account (never an admin: DECISIONS.md, ADMIN_USERNAMES only grants at start). */
export async function createAccount(db: Db, raw: RegisterInput): Promise<UserRow> {
  const input = parseInput(registerSchema, raw);
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email})`)
    .limit(2);
  if (clash.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
    throw conflict(USERNAME_TAKEN);
  }
  if (clash.length) throw conflict(EMAIL_TAKEN);

  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        displayName: input.displayName,
        email: input.email,
        passwordHash,
        homeCourseName: input.homeCourseName ?? null,
        handicap: input.handicap ?? null,
      })
      .returning();
    return row;
  } catch (err) {
    // Sign-ups racing for one name both pass the check above: the unique index decides.
    const clashed = uniqueViolation(err);
    if (!clashed) throw err;
    throw conflict(clashed.constraint === "users_email_lower_idx" ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
}

export async function register(deps: AppDeps, db: Db, raw: RegisterInput, meta: RequestMeta): Promise<SignedIn> {
  parseInput(registerSchema, raw);
  // Every attempt counts, refused ones too: otherwise taken names and e-mails could be probed
  // without limit through the 409s.
  await deps.limits.signUpPerAddress.consume(meta.ip, TOO_MANY_SIGNUPS);
  return startSession(db, await createAccount(db, raw));
}

/**
 * Sign-in with three limits (ADR 0016). A guesser at one address is stopped for that account after
 * 5 wrong passwords and for every account after 30 attempts; the owner at another address is not.
 * Failures from everywhere together only slow sign-ins to the account, and never from an address
 * the owner signed in from lately, so no attacker can keep its owner out.
 */
export async function login(deps: AppDeps, db: Db, raw: LoginInput, meta: RequestMeta): Promise<SignedIn> {
  const input = parseInput(loginSchema, raw);
  const nameKey = input.username.toLowerCase();
  // Addresses hold no spaces, so the first space splits the pair unambiguously.
  const pairKey = `${meta.ip} ${nameKey}`;
  const limits = deps.limits;
  if (!(await limits.loginPerAddress.tryConsume(meta.ip))) throw tooManyRequests(TOO_MANY_LOGINS);
  // Every attempt counts here, atomically, so a burst of parallel guesses cannot slip past the
  // check; the right password clears the count again below, so in effect only failures remain.
  if (!(await limits.loginFailuresPerAddressAndUsername.tryConsume(pairKey))) throw tooManyRequests(TOO_MANY_LOGINS);
  if (
    (await limits.loginFailuresPerUsername.isLimited(nameKey)) &&
    (await limits.loginSuccessPerAddressAndUsername.count(pairKey)) === 0
  ) {
    await Bun.sleep(LOGIN_SLOWDOWN_MS);
  }

  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${nameKey}`).limit(1);
  const ok = row ? await verifyPassword(input.password, row.passwordHash) : await verifyAgainstDummy(input.password);
  if (!row || !ok) {
    await limits.loginFailuresPerUsername.hit(nameKey);
    throw unauthorized(INVALID_LOGIN);
  }
  // Only after the password is proven do we say the account is disabled: no enumeration.
  if (row.disabled) throw forbidden(ACCOUNT_DISABLED);
  await Promise.all([
    limits.loginFailuresPerAddressAndUsername.reset(pairKey),
    limits.loginSuccessPerAddressAndUsername.hit(pairKey),
  ]);
  return startSession(db, row);
}

export async function logout(db: Db, session: SessionRow | null): Promise<{ ok: true }> {
  if (session) await invalidateSession(db, session.id);
  return { ok: true };
}

export async function updateProfile(db: Db, userId: number, raw: UpdateProfileInput): Promise<PublicUser> {
  const input = parseInput(updateProfileSchema, raw);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.displayName !== undefined) patch.displayName = input.displayName;
  if (input.homeCourseName !== undefined) patch.homeCourseName = input.homeCourseName;
  if (input.handicap !== undefined) patch.handicap = input.handicap;
  const [row] = Object.keys(patch).length
    ? await db.update(users).set(patch).where(eq(users.id, userId)).returning()
    : await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return toPublicUser(row);
}

/**
 * Settings -> Change password. The current password must be proven (a borrowed, signed-in device
 * is not enough); then every other session of the user ends, here and on every server process
 * (their sockets close through the sessions trigger), and the session making the change stays.
 */
export async function changePassword(
  deps: AppDeps,
  db: Db,
  userId: number,
  currentSessionId: string,
  raw: ChangePasswordInput,
): Promise<{ ok: true; endedSessions: number }> {
  const input = parseInput(changePasswordSchema, raw);
  const failures = deps.limits.passwordChangeFailuresPerUser;
  const key = String(userId);
  // Counted before the check (atomically: parallel guesses cannot slip past it); success clears it.
  if (!(await failures.tryConsume(key))) throw tooManyRequests(TOO_MANY_PASSWORD_CHECKS);
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound("User not found");
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw badRequest(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
  });
  await failures.reset(key);
  return { ok: true, endedSessions: ended.length };
}

/**
 * Makes the configured ADMIN_USERNAMES admins, run at start-up. Only accounts that exist now are
 * granted; a listed name nobody holds is logged and stays unclaimed, because whoever signs it up
 * later must not become an admin (DECISIONS.md, second round).
 */
export async function grantConfiguredAdmins(
  db: Db,
  usernames: string[],
): Promise<{ granted: string[]; missing: string[] }> {
  if (!usernames.length) return { granted: [], missing: [] };
  const rows = await db
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(sql`lower(${users.username})`, usernames))
    .returning({ username: users.username });
  const granted = rows.map((r) => r.username.toLowerCase());
  const missing = usernames.filter((name) => !granted.includes(name));
  for (const username of missing) {
    logger.warn(
      "ADMIN_USERNAMES lists a name with no account; it grants nothing until a restart after that account exists",
      {
        username,
      },
    );
  }
  return { granted, missing };
}

export async function grantAdmin(db: Db, username: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ isAdmin: true })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning();
  if (!row) throw new AppError("NOT_FOUND", `No user named "${username}"`);
  return row;
}
