-- One chat line per round (docs/decisions/0028-one-chat-line-per-round.md): which records a round's
-- system line speaks of, so deleting one of them can amend (or, when none is left, remove) the
-- line. Both sides cascade: a deleted message or record takes its links with it.
CREATE TABLE IF NOT EXISTS "chat_message_records" (
	"message_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "chat_message_records_pk" PRIMARY KEY("record_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "chat_message_records" ADD CONSTRAINT "chat_message_records_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_records" ADD CONSTRAINT "chat_message_records_record_id_birdie_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."birdie_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_message_records_message_id_idx" ON "chat_message_records" USING btree ("message_id");
