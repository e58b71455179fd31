CREATE TABLE "birdie_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"hole_number" smallint NOT NULL,
	"score" smallint NOT NULL,
	"date_played" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verifier_name" varchar(100) NOT NULL,
	"verifier_signature" text NOT NULL,
	"counted" boolean DEFAULT true NOT NULL,
	CONSTRAINT "birdie_records_hole_range" CHECK ("birdie_records"."hole_number" between 1 and 18),
	CONSTRAINT "birdie_records_score_range" CHECK ("birdie_records"."score" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "birdie_records" ADD CONSTRAINT "birdie_records_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birdie_records" ADD CONSTRAINT "birdie_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birdie_records" ADD CONSTRAINT "birdie_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "birdie_records_challenge_user_hole_idx" ON "birdie_records" USING btree ("challenge_id","user_id","hole_number");--> statement-breakpoint
CREATE INDEX "birdie_records_user_date_idx" ON "birdie_records" USING btree ("user_id","date_played");--> statement-breakpoint
CREATE INDEX "birdie_records_date_idx" ON "birdie_records" USING btree ("date_played");--> statement-breakpoint
CREATE INDEX "birdie_records_challenge_created_idx" ON "birdie_records" USING btree ("challenge_id","created_at");