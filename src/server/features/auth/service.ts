import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { changePasswordSchema, loginSchema, PublicUser, registerSchema } from "../../../shared/schemas/auth";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password";
import {
  blankSessionCookie,
  createSession,
  generateSessionToken,
  invalidateSession,
  sessionCookie,
} from "../../auth/session";
import type { ServiceContext, SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { sessions, type UserRow, users } from "../../db/schema/users";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from "../../lib/errors";
import { linkOrigin, mailEnabled, mailTemplates, queueMail } from "../mail/public";
import { toPublicUser } from "../users/queries";
import { onlyRow } from "../../lib/rows";
import { afterSignUp as mailEmailConfirmation } from "./email-verification";
import { EMAIL_TAKEN, TOO_MANY_PASSWORD_CHECKS, WRONG_CURRENT_PASSWORD } from "./messages";

export { TOO_MANY_PASSWORD_CHECKS, WRONG_CURRENT_PASSWORD } from "./messages";

const INVALID_LOGIN = "Invalid username or password";
export const ACCOUNT_DISABLED = "This account has been disabled. Please contact support.";
export const TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again.";
export const TOO_MANY_SIGNUPS = "Too many sign-up attempts from this address. Please try again later.";
const USERNAME_TAKEN = "Username is already taken";
/**
 * How long a sign-in to an account under attack (wrong passwords from many addresses) waits
 * before its password is checked: it slows guessing and costs the owner a second, never a lockout.
 */
const LOGIN_SLOWDOWN_MS = 1000;

/**
 * Sign-up, sign-in and sign-out answer with the session cookie: both transports give the call a
 * way to set it (tRPC's context, REST's `serviceContext(c)`), so the cookie is set here, once.
 */
export type CookieContext = ServiceContext & { setCookie(cookie: string): void };

export const me = (ctx: SignedInContext): PublicUser => toPublicUser(ctx.user);

export async function startSession(ctx: CookieContext, user: UserRow): Promise<PublicUser> {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id);
  ctx.setCookie(sessionCookie(token, session.expiresAt, ctx.meta.secure));
  return toPublicUser(user);
}

/**
 * Inserts a new account (never an admin: ADMIN_USERNAMES only grants at start, see
 * docs/product/rules.md#roles-and-permissions). Also used to seed the e2e admin.
 */
export async function createAccount(db: Db, input: z.output<typeof registerSchema>): Promise<UserRow> {
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
    const row = onlyRow(
      await db
        .insert(users)
        .values({
          username: input.username,
          displayName: input.displayName,
          email: input.email,
          passwordHash,
          homeCourseName: input.homeCourseName ?? null,
          handicap: input.handicap ?? null,
        })
        .returning(),
    );
    return row;
  } catch (err) {
    // Sign-ups racing for one name both pass the check above: the unique index decides.
    const clashed = uniqueViolation(err);
    if (!clashed) throw err;
    throw conflict(clashed.constraint === "users_email_lower_idx" ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
}

export async function register(ctx: CookieContext, input: z.output<typeof registerSchema>): Promise<PublicUser> {
  // Every attempt counts, refused ones too: otherwise taken names and e-mails could be probed
  // without limit through the 409s.
  await ctx.deps.limits.signUpPerAddress.consume(ctx.meta.ip, TOO_MANY_SIGNUPS);
  const user = await createAccount(ctx.db, input);
  // The confirmation link (ADR 0035); the account works at once, a banner asks until it is opened.
  await mailEmailConfirmation(ctx, user);
  return startSession(ctx, user);
}

/**
 * Sign-in with three limits (ADR 0016). A guesser at one address is stopped for that account after
 * 5 wrong passwords and for every account after 30 attempts; the owner at another address is not.
 * Failures from everywhere together only slow sign-ins to the account, and never from an address
 * the owner signed in from lately, so no attacker can keep its owner out.
 */
export async function login(ctx: CookieContext, input: z.output<typeof loginSchema>): Promise<PublicUser> {
  const { ip } = ctx.meta;
  const nameKey = input.username.toLowerCase();
  // Addresses hold no spaces, so the first space splits the pair unambiguously.
  const pairKey = `${ip} ${nameKey}`;
  const limits = ctx.deps.limits;
  if (!(await limits.loginPerAddress.tryConsume(ip))) throw tooManyRequests(TOO_MANY_LOGINS);
  // Every attempt counts here, atomically, so a burst of parallel guesses cannot slip past the
  // check; the right password clears the count again below, so in effect only failures remain.
  if (!(await limits.loginFailuresPerAddressAndUsername.tryConsume(pairKey))) throw tooManyRequests(TOO_MANY_LOGINS);
  if (
    (await limits.loginFailuresPerUsername.isLimited(nameKey)) &&
    (await limits.loginSuccessPerAddressAndUsername.count(pairKey)) === 0
  ) {
    await Bun.sleep(LOGIN_SLOWDOWN_MS);
  }

  const [row] = await ctx.db.select().from(users).where(sql`lower(${users.username}) = ${nameKey}`).limit(1);
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
  return startSession(ctx, row);
}

/** Ends this device's session (if any) and clears its cookie; signed-out callers get the same. */
export async function logout(ctx: CookieContext): Promise<{ ok: true }> {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  ctx.setCookie(blankSessionCookie(ctx.meta.secure));
  return { ok: true };
}

/**
 * Settings -> Change password. The current password must be proven (a borrowed, signed-in device
 * is not enough); then every other session of the user ends, here and on every server process
 * (their sockets close through the sessions trigger), and the session making the change stays.
 */
export async function changePassword(
  ctx: SignedInContext,
  input: z.output<typeof changePasswordSchema>,
): Promise<{ ok: true; endedSessions: number }> {
  const userId = ctx.user.id;
  const failures = ctx.deps.limits.passwordChangeFailuresPerUser;
  const key = String(userId);
  // Counted before the check (atomically: parallel guesses cannot slip past it); success clears it.
  if (!(await failures.tryConsume(key))) throw tooManyRequests(TOO_MANY_PASSWORD_CHECKS);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound("User not found");
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw badRequest(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // The owner hears of it by mail, so a change they did not make does not go unnoticed.
    if (mailEnabled(ctx.deps.env)) {
      await queueMail(tx, mailTemplates.passwordChangedMail(row.email, row.displayName, linkOrigin(ctx)));
    }
    return tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, ctx.session.id)))
      .returning({ id: sessions.id });
  });
  await failures.reset(key);
  return { ok: true, endedSessions: ended.length };
}
