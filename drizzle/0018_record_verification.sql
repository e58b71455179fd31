-- Two-key verification and creator moderation (issue 18, ADR 0040). Expand only: new columns
-- with defaults that keep every existing record as it was ('signed': verified by a typed partner
-- name and signature) and every existing challenge counting as before (require_confirmation off).
-- Which statuses count is decided in one place, record_counts() (0016), changed by a later
-- migration together with the code that sets the statuses.
ALTER TABLE "birdie_records" ADD COLUMN IF NOT EXISTS "partner_user_id" integer;--> statement-breakpoint
ALTER TABLE "birdie_records" ADD COLUMN IF NOT EXISTS "verification_status" varchar(10) DEFAULT 'signed' NOT NULL;--> statement-breakpoint
ALTER TABLE "birdie_records" ADD COLUMN IF NOT EXISTS "status_changed_at" timestamp with time zone;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "birdie_records" ADD CONSTRAINT "birdie_records_partner_user_id_users_id_fk"
    FOREIGN KEY ("partner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "birdie_records" ADD CONSTRAINT "birdie_records_verification_status"
    CHECK ("verification_status" in ('signed', 'pending', 'confirmed', 'disputed', 'voided'));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- The named partner's "waiting for you" list and the confirmation-ring rule read by partner.
CREATE INDEX IF NOT EXISTS "birdie_records_partner_status_idx" ON "birdie_records" USING btree ("partner_user_id", "verification_status") WHERE "partner_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN IF NOT EXISTS "require_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every status change of a record: who, when, from what to what, and why. Members read it on the
-- record; it goes with the record (cascade). The actor is kept as null when their account goes.
CREATE TABLE IF NOT EXISTS "record_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"actor_user_id" integer,
	"from_status" varchar(10),
	"to_status" varchar(10) NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_status_events_record_id_birdie_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."birdie_records"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "record_status_events_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "record_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "record_status_events_record_id_idx" ON "record_status_events" USING btree ("record_id", "created_at");
