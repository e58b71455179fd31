import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { eq, sql } from "drizzle-orm";
import { parse } from "hono/utils/cookie";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import type { SessionCache } from "./session-cache";
import { sessions, users, type SessionRow, type UserRow } from "../db/schema/users";

// Sessions as Lucia's guide designs them: a random token in the cookie, only its SHA-256 hash in
// the database, 30 days of life that slide forward while the user keeps coming back.

const SESSION_COOKIE = "session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Extend a session once it has less than this left, so an active user is never signed out. */
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

type SessionValidation = { session: SessionRow; user: UserRow; renewed: boolean } | null;

export function generateSessionToken(): string {
  // 20 bytes = 160 bits from the CSPRNG.
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  // Native SHA-256: this runs on every request, and the pure-JS hash was a visible share of CPU.
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: Db, token: string, userId: number): Promise<SessionRow> {
  const session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    createdAt: new Date(),
  };
  await db.insert(sessions).values(session);
  return session;
}

/**
 * The session and user behind a cookie's token, or null. With `cache` (a server process's
 * SessionCache, ADR 0044) a cached, unexpired session answers without a query while the cache's
 * listener is proven current; otherwise the database is read and the result cached.
 */
export async function validateSessionToken(db: Db, token: string, cache?: SessionCache): Promise<SessionValidation> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  const cached = cache?.get(id);
  if (cached && Date.now() < cached.session.expiresAt.getTime() && !cached.user.disabled) {
    if (cached.session.expiresAt.getTime() - Date.now() >= RENEW_WHEN_LEFT_MS) {
      return { session: cached.session, user: cached.user, renewed: false };
    }
  }
  const mark = cache?.mark() ?? 0;
  const rows = await prepared(db, "session_by_id", (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, sql.placeholder("id")))
      .limit(1),
  ).execute({ id });
  const row = rows[0];
  if (!row) return null;
  const { session, user } = row;
  if (Date.now() >= session.expiresAt.getTime() || user.disabled) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  if (session.expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    session.expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  cache?.set({ session, user }, mark);
  return { session, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, the whole site, `Secure` over https. The attributes
 * are written in this order on purpose (the auth tests pin it); Hono's `serialize` orders them
 * differently, so only the reading side below uses Hono's cookie code.
 */
function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${value}`, "HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export const sessionCookie = (token: string, expiresAt: Date, secure: boolean): string =>
  cookie(token, Math.floor((expiresAt.getTime() - Date.now()) / 1000), secure);

/** Clears the cookie in the browser (sign-out). */
export const blankSessionCookie = (secure: boolean): string => cookie("", 0, secure);

/** The session token from a Cookie header (the first `session` cookie), or null. */
export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE] || null;
}
