import { customType, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // postgres.js hands back a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBufferLike)),
});

/**
 * Profile pictures live apart from the user row, so loading a user (every request) never drags
 * up to 5 MB along. `version` goes into the picture URL, so a new upload shows at once while the
 * old URL can be cached forever.
 */
export const userPictures = pgTable("user_pictures", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: varchar("content_type", { length: 32 }).notNull(),
  data: bytea("data").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserPictureRow = typeof userPictures.$inferSelect;
