import { eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { type UserRow, users } from "../../db/schema/users";

// How golfers appear to each other, for every feature that shows a user: not a service, plain
// queries and views over the users table (ADR 0022).

/** The name shown for a golfer who no longer exists (docs/product/texts-and-messages.md#chat-system-messages). */
export const UNKNOWN_USER = "Unknown User";

/** The name system messages use for a user, or UNKNOWN_USER when they are gone. */
export async function displayNameOf(db: Db, userId: number): Promise<string> {
  const [row] = await prepared(db, "display_name_of", (d) =>
    d
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId"))),
  ).execute({ userId });
  return row?.displayName ?? UNKNOWN_USER;
}

/** The user as the API shows them (docs/product/api.md#publicuser). */
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
