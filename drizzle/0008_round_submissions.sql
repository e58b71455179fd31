CREATE TABLE "round_submissions" (
	"user_id" integer NOT NULL,
	"client_round_id" varchar(64) NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_submissions_user_id_client_round_id_pk" PRIMARY KEY("user_id","client_round_id")
);
--> statement-breakpoint
ALTER TABLE "round_submissions" ADD CONSTRAINT "round_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;