import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 30 }).notNull(),
    displayName: varchar("display_name", { length: 50 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    // A URL (pictures themselves live apart from the user row; see the profile feature).
    profilePicture: text("profile_picture"),
    handicap: numeric("handicap", { precision: 4, scale: 1, mode: "number" }),
    homeCourseName: varchar("home_course_name", { length: 100 }),
    isAdmin: boolean("is_admin").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail address was confirmed by a link (ADR 0035); null = not yet. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  },
  (t) => [
    // Usernames and e-mails are unique regardless of case: "Tiger" and "tiger" are one golfer.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the session token, hex: a leaked table cannot be replayed as cookies.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // expires_at: the scheduled sweep deletes expired sessions without reading the whole table.
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
