import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type UserRow, users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { logger } from "../../lib/logger";

// How admins are made outside the admin area: at start-up from ADMIN_USERNAMES, and by the
// `admin:grant` command (docs/product/rules.md#roles-and-permissions). Neither is a request, so
// they take the database handle, not a service context.

/**
 * Makes the configured ADMIN_USERNAMES admins, run at start-up. Only accounts that exist now are
 * granted; a listed name nobody holds is logged and stays unclaimed, because whoever signs it up
 * later must not become an admin.
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
      { username },
    );
  }
  return { granted, missing };
}

/** `bun run admin:grant <username>`: the way to make the first admin. */
export async function grantAdmin(db: Db, username: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ isAdmin: true })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning();
  if (!row) throw notFound(`No user named "${username}"`);
  return row;
}
