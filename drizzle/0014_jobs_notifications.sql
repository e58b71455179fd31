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
--> statement-breakpoint
-- The notification centre (ADR 0033): one row per recipient and event. dedupe_key makes a
-- repeated job run (after a lost lease) add nothing twice for the same user.
CREATE TABLE IF NOT EXISTS "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "notifications_user_dedupe_unique" UNIQUE("user_id","dedupe_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- Every open device of a recipient hears of a new notification at commit, on every process
-- (the chat bus LISTENs on 'notification'). Ids only, in batches of 100 (NOTIFY payloads stay small).
CREATE OR REPLACE FUNCTION "notifications_added_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch json;
BEGIN
  FOR batch IN
    SELECT json_agg(json_build_object('userId', user_id, 'id', id))
    FROM (SELECT user_id, id, (row_number() OVER () - 1) / 100 AS grp FROM added) numbered GROUP BY grp
  LOOP
    PERFORM pg_notify('notification', json_build_object('items', batch)::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_added_notify" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "notifications_added_notify"();--> statement-breakpoint
-- Per user and event kind: e-mail and push on or off (in-app is always on). No row: the defaults
-- of src/shared/schemas/notifications.ts.
CREATE TABLE IF NOT EXISTS "notification_settings" (
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
-- Admins' replies to support requests (mailed to the request's address, shown in-app to its sender).
CREATE TABLE IF NOT EXISTS "support_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "support_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_replies_request_idx" ON "support_replies" USING btree ("request_id","id");
