import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { jsonb } from "./json";

export type JobStatus = "pending" | "running" | "done" | "failed";

/**
 * The durable job queue (src/server/jobs, ADR 0032). A row is enqueued in the caller's
 * transaction, so it exists only if that transaction commits; every server process claims due
 * rows with FOR UPDATE SKIP LOCKED. The statement trigger of drizzle/0014 NOTIFYs 'jobs' on insert.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    /** Claims so far (the running one included). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    /** Not claimed before this time: the schedule, then the backoff after a failure. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lease of a running job: once past, the process that claimed it is presumed dead. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Unique: enqueueing the same key again is a no-op (exactly-once scheduling). */
    dedupeKey: text("dedupe_key").unique("jobs_dedupe_key_unique"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // In the claim's order, so the claim (drizzle/0030) reads due jobs through it in that order.
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
    index("jobs_running_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    // The fair-play trigger's "not already pending" probe (drizzle/0024), for its kind only, so
    // that the job claim's `kind in (...)` is never read through it (drizzle/0029).
    index("jobs_pending_fairplay_payload_idx")
      .on(t.payload)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'fairplay.refresh'`),
    index("jobs_finished_idx").on(t.status, t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
