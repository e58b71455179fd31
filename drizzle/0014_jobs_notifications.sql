-- The durable job queue (src/server/jobs, ADR 0032): every server process claims due rows with
-- FOR UPDATE SKIP LOCKED, so each job runs on one process at a time. A claim is a lease
-- (locked_until): a job whose process died mid-run is claimed again once the lease runs out.
-- dedupe_key makes scheduling idempotent: a second insert with the same key does nothing.
CREATE TABLE IF NOT EXISTS "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"dedupe_key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "status" = 'running';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_finished_idx" ON "jobs" USING btree ("status","finished_at") WHERE "status" IN ('done', 'failed');--> statement-breakpoint
-- Wakes the runners at commit (one notification per transaction, whatever it enqueued): a job
-- due now starts within milliseconds instead of at the next poll.
CREATE OR REPLACE FUNCTION "jobs_enqueued_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_enqueued_notify" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "jobs_enqueued_notify"();
