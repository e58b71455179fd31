-- Frozen results (issue 18, ADR 0042): a challenge's final standings written once when it ends,
-- so later account deletions, disables and record changes do not rewrite who won. One row per
-- challenge (its primary key makes the freeze happen once, whoever gets there first: the job at
-- the end moment or the first read after it) and one row per player as they stood.
-- Names are copied as they were; user_id becomes null when that account is deleted.
CREATE TABLE IF NOT EXISTS "challenge_results" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"challenge_name" text NOT NULL,
	"tiebreaker" varchar(20) NOT NULL,
	"tiebreaker_threshold" integer NOT NULL,
	"eagle_bonus" boolean NOT NULL,
	"decided_by" varchar(20) NOT NULL,
	"total_players" integer NOT NULL,
	CONSTRAINT "challenge_results_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "challenge_result_players" (
	"challenge_id" integer NOT NULL,
	"position" integer NOT NULL,
	"rank" integer NOT NULL,
	"user_id" integer,
	"display_name" text NOT NULL,
	"points" integer NOT NULL,
	"birdies" integer NOT NULL,
	"eagles" integer NOT NULL,
	"holes" integer NOT NULL,
	"winner" boolean NOT NULL,
	CONSTRAINT "challenge_result_players_challenge_id_position_pk" PRIMARY KEY ("challenge_id", "position"),
	CONSTRAINT "challenge_result_players_challenge_id_challenge_results_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenge_results"("challenge_id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "challenge_result_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "challenge_result_players_user_idx" ON "challenge_result_players" USING btree ("user_id") WHERE "user_id" IS NOT NULL;
