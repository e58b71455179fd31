CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"achievement_type" varchar(40) NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" text NOT NULL,
	"category" varchar(20) NOT NULL,
	"icon" varchar(40) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "achievements_achievement_type_unique" UNIQUE("achievement_type")
);
--> statement-breakpoint
CREATE TABLE "challenge_first_records" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"achievement_id" integer NOT NULL,
	"challenge_id" integer,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_period_stats" (
	"period" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"birdies" integer DEFAULT 0 NOT NULL,
	"eagles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_period_stats_period_user_id_pk" PRIMARY KEY("period","user_id")
);
--> statement-breakpoint
ALTER TABLE "challenge_first_records" ADD CONSTRAINT "challenge_first_records_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_user_achievement_idx" ON "user_achievements" USING btree ("user_id","achievement_id");--> statement-breakpoint
CREATE INDEX "user_achievements_user_earned_idx" ON "user_achievements" USING btree ("user_id","earned_at");--> statement-breakpoint
CREATE INDEX "user_period_stats_rank_idx" ON "user_period_stats" USING btree ("period","points" desc,"user_id");