CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"user_id" integer,
	"type" varchar(10) NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_type" CHECK ("chat_messages"."type" in ('system', 'user')),
	CONSTRAINT "chat_messages_length" CHECK (char_length("chat_messages"."message") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_challenge_id_idx" ON "chat_messages" USING btree ("challenge_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_user_id_idx" ON "chat_messages" USING btree ("user_id");--> statement-breakpoint
-- Realtime fan-out (docs/decisions/0005-chat-fan-out.md): every committed chat message is announced
-- to every server process LISTENing on 'chat'. NOTIFY inside a transaction is delivered only on
-- commit, so a message written by a rolled-back transaction is never announced, and callers
-- (joins, records, achievements) need no publish step of their own. The payload is ids only.
CREATE FUNCTION "chat_messages_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat', json_build_object('challengeId', NEW.challenge_id, 'id', NEW.id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_notify" AFTER INSERT ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_notify"();--> statement-breakpoint
-- A player who leaves or is removed (or whose challenge or account is deleted) must stop receiving
-- the room at once, on every process: announce each lost membership on 'chat_membership'.
CREATE FUNCTION "challenge_players_left_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chat_membership', json_build_object('challengeId', OLD.challenge_id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "challenge_players_left_notify" AFTER DELETE ON "challenge_players" FOR EACH ROW EXECUTE FUNCTION "challenge_players_left_notify"();
