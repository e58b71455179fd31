-- Anti-cheat flags (issue 18, ADR 0041). The rules are SQL queries (src/server/features/fairplay/
-- rules.ts) run for one golfer at a time by a job; what they find is kept here, so the admin queue
-- and the creator's badges read a handful of rows, never the records. Flags never block
-- recording: the job runs after the records' transaction commits.
-- subject_key names what a flag is about within its rule (a round, a record, a partner name, a day,
-- a pair of golfers), so a refresh finds the flag it made before instead of making another.
-- status: open (in the admin queue), dismissed, actioned (records voided or the golfer disabled).
CREATE TABLE IF NOT EXISTS "fairplay_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"other_user_id" integer,
	"subject_key" text NOT NULL,
	"record_ids" integer[] DEFAULT '{}' NOT NULL,
	"explanation" text NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fairplay_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "fairplay_flags_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "fairplay_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "fairplay_flags_status" CHECK ("status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "fairplay_flags_subject_idx" ON "fairplay_flags" USING btree ("rule", "user_id", "subject_key");--> statement-breakpoint
-- The admin queue (open, newest first) and a golfer's flags (the creator's badges, rings by either golfer).
CREATE INDEX IF NOT EXISTS "fairplay_flags_open_idx" ON "fairplay_flags" USING btree ("created_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fairplay_flags_user_idx" ON "fairplay_flags" USING btree ("user_id", "status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fairplay_flags_other_user_idx" ON "fairplay_flags" USING btree ("other_user_id") WHERE "other_user_id" IS NOT NULL;--> statement-breakpoint
-- Every change to records enqueues a refresh of the golfers concerned (the job queue of ADR 0032,
-- so the job exists only if the change commits). A trigger,
-- not a call in each service: recording, deleting, leaving, confirming, voiding and cascades all
-- reach it. The named partner is refreshed too (the confirmation-ring rule reads both sides).
-- One refresh job per golfer and transaction: a round recorded hole by hole, or a cascade, adds
-- one job, not one per row (the payload names the transaction; another transaction's job is never
-- taken for this one's, so none runs before this transaction's changes are committed).
CREATE OR REPLACE FUNCTION fairplay_enqueue(p_users integer[]) RETURNS void AS $$
BEGIN
  INSERT INTO jobs (kind, payload)
  SELECT 'fairplay.refresh', p.payload
    FROM (SELECT DISTINCT jsonb_build_object('userId', u, 'tx', txid_current()) AS payload
            FROM unnest(p_users) AS u WHERE u IS NOT NULL) p
   WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.status = 'pending' AND j.kind = 'fairplay.refresh' AND j.payload = p.payload);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fairplay_enqueue_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM fairplay_enqueue(array(SELECT user_id FROM fairplay_new UNION SELECT partner_user_id FROM fairplay_new));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fairplay_enqueue_deleted() RETURNS trigger AS $$
BEGIN
  -- A golfer deleted in the same statement has no flags left to refresh (they cascade).
  PERFORM fairplay_enqueue(array(SELECT u.id FROM (SELECT user_id AS id FROM fairplay_old UNION SELECT partner_user_id FROM fairplay_old) u
                                  WHERE EXISTS (SELECT 1 FROM users WHERE users.id = u.id)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fairplay_enqueue_changed() RETURNS trigger AS $$
BEGIN
  PERFORM fairplay_enqueue(array[NEW.user_id, NEW.partner_user_id, OLD.partner_user_id]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS fairplay_records_inserted ON birdie_records;--> statement-breakpoint
CREATE TRIGGER fairplay_records_inserted AFTER INSERT ON birdie_records
REFERENCING NEW TABLE AS fairplay_new FOR EACH STATEMENT EXECUTE FUNCTION fairplay_enqueue_inserted();--> statement-breakpoint
DROP TRIGGER IF EXISTS fairplay_records_deleted ON birdie_records;--> statement-breakpoint
CREATE TRIGGER fairplay_records_deleted AFTER DELETE ON birdie_records
REFERENCING OLD TABLE AS fairplay_old FOR EACH STATEMENT EXECUTE FUNCTION fairplay_enqueue_deleted();--> statement-breakpoint
DROP TRIGGER IF EXISTS fairplay_records_changed ON birdie_records;--> statement-breakpoint
CREATE TRIGGER fairplay_records_changed AFTER UPDATE OF verification_status, partner_user_id, verifier_name, course_id, date_played ON birdie_records
FOR EACH ROW WHEN (OLD.verification_status IS DISTINCT FROM NEW.verification_status
                OR OLD.partner_user_id IS DISTINCT FROM NEW.partner_user_id
                OR OLD.verifier_name IS DISTINCT FROM NEW.verifier_name
                OR OLD.course_id IS DISTINCT FROM NEW.course_id
                OR OLD.date_played IS DISTINCT FROM NEW.date_played)
EXECUTE FUNCTION fairplay_enqueue_changed();
