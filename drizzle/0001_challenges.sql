CREATE TABLE "challenge_courses" (
	"challenge_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_courses_challenge_id_course_id_pk" PRIMARY KEY("challenge_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_players" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_players_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"rules" text,
	"description" text,
	"course_mode" varchar(10) DEFAULT 'single' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"tiebreaker" varchar(20) DEFAULT 'mostBirdies' NOT NULL,
	"tiebreaker_threshold" integer DEFAULT 9 NOT NULL,
	"allow_multiple_birdies" boolean DEFAULT false NOT NULL,
	"eagle_bonus" boolean DEFAULT false NOT NULL,
	"creator_id" integer NOT NULL,
	"invite_code" varchar(64) NOT NULL,
	"invite_pin" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_end_after_start" CHECK ("challenges"."end_date" > "challenges"."start_date"),
	CONSTRAINT "challenges_course_mode" CHECK ("challenges"."course_mode" in ('single', 'hybrid')),
	CONSTRAINT "challenges_tiebreaker" CHECK ("challenges"."tiebreaker" in ('mostBirdies', 'firstToThreshold', 'firstToComplete')),
	CONSTRAINT "challenges_threshold_range" CHECK ("challenges"."tiebreaker_threshold" between 1 and 18)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_courses" ADD CONSTRAINT "challenge_courses_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_courses" ADD CONSTRAINT "challenge_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_players" ADD CONSTRAINT "challenge_players_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_players" ADD CONSTRAINT "challenge_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_courses_course_id_idx" ON "challenge_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "challenge_players_user_id_idx" ON "challenge_players" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_invite_code_idx" ON "challenges" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_invite_pin_idx" ON "challenges" USING btree ("invite_pin");--> statement-breakpoint
CREATE INDEX "challenges_creator_id_idx" ON "challenges" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_name_lower_idx" ON "courses" USING btree (lower("name"));