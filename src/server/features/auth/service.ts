import { eq, inArray, sql } from "drizzle-orm";
import type { LoginInput, PublicUser, RegisterInput, UpdateProfileInput } from "../../../shared/schemas/auth";
import { loginSchema, registerSchema, updateProfileSchema } from "../../../shared/schemas/auth";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password";
import { createSession, generateSessionToken, invalidateSession } from "../../auth/session";
import type { Db } from "../../db/client";
import { users, type SessionRow, type UserRow } from "../../db/schema/users";
import { AppError, conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import type { AppDeps, RequestMeta } from "../../trpc/context";

export const INVALID_LOGIN = "Invalid username or password";
export const ACCOUNT_DISABLED = "This account has been disabled. Please contact support.";
const TOO_MANY_LOGINS = "Too many login attempts. Please wait a few minutes and try again.";
const TOO_MANY_SIGNUPS = "Too many accounts created from this address. Please try again later.";

export type SignedIn = { user: PublicUser; token: string; session: SessionRow };

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    profilePicture: row.profilePicture,
    handicap: row.handicap === null || row.handicap === undefined ? null : Number(row.handicap),
    homeCourseName: row.homeCourseName,
    isAdmin: row.isAdmin,
  };
}

async function startSession(db: Db, user: UserRow): Promise<SignedIn> {
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id);
  return { user: toPublicUser(user), token, session };
}

export async function register(deps: AppDeps, db: Db, raw: RegisterInput, meta: RequestMeta): Promise<SignedIn> {
  const input = parseInput(registerSchema, raw);
  if (deps.limits.registerPerIp.retryAfter(meta.ip) > 0) throw tooManyRequests(TOO_MANY_SIGNUPS);

  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email})`)
    .limit(2);
  if (clash.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
    throw conflict("Username is already taken");
  }
  if (clash.length) throw conflict("Email is already registered");

  const passwordHash = await hashPassword(input.password);
  const isAdmin = deps.env.ADMIN_USERNAMES.includes(input.username.toLowerCase());
  let row: UserRow;
  try {
    [row] = await db
      .insert(users)
      .values({
        username: input.username,
        displayName: input.displayName,
        email: input.email,
        passwordHash,
        homeCourseName: input.homeCourseName ?? null,
        handicap: input.handicap ?? null,
        isAdmin,
      })
      .returning();
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets a clear 409.
    if ((err as { code?: string }).code === "23505" || /unique/i.test(String((err as Error).message))) {
      throw conflict("Username or email is already registered");
    }
    throw err;
  }
  deps.limits.registerPerIp.hit(meta.ip);
  return startSession(db, row);
}

export async function login(deps: AppDeps, db: Db, raw: LoginInput, meta: RequestMeta): Promise<SignedIn> {
  const input = parseInput(loginSchema, raw);
  const nameKey = input.username.toLowerCase();
  const { loginPerIp, loginFailuresPerUsername } = deps.limits;
  if (loginPerIp.retryAfter(meta.ip) > 0 || loginFailuresPerUsername.retryAfter(nameKey) > 0) {
    throw tooManyRequests(TOO_MANY_LOGINS);
  }
  loginPerIp.hit(meta.ip);

  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${nameKey}`).limit(1);
  const ok = row ? await verifyPassword(input.password, row.passwordHash) : await verifyAgainstDummy(input.password);
  if (!row || !ok) {
    loginFailuresPerUsername.hit(nameKey);
    throw unauthorized(INVALID_LOGIN);
  }
  // Only after the password is proven do we say the account is disabled: no enumeration.
  if (row.disabled) throw forbidden(ACCOUNT_DISABLED);
  loginFailuresPerUsername.reset(nameKey);
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

/** Makes the configured ADMIN_USERNAMES admins (run at start-up; idempotent). */
export async function grantConfiguredAdmins(db: Db, usernames: string[]): Promise<number> {
  if (!usernames.length) return 0;
  const rows = await db
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(sql`lower(${users.username})`, usernames))
    .returning({ id: users.id });
  return rows.length;
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
