-- Amended and removed round lines reach open chats live (ADR 0028, issue 15). Deleting a record
-- rewrites or removes the chat line that named it; these triggers announce the change on
-- 'chat_changed' at commit, as 0006 announces inserts on 'chat'. A separate channel: a server of
-- the previous release does not listen to it, so it never mistakes a change for a new message.
-- Only a changed text is announced (an account deletion setting user_id to null is not), and a
-- row that goes with its whole challenge (a cascade) is not: nobody is left to tell.
CREATE OR REPLACE FUNCTION "chat_messages_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "challenges" WHERE "id" = OLD.challenge_id) THEN
      PERFORM pg_notify('chat_changed', json_build_object('challengeId', OLD.challenge_id, 'id', OLD.id, 'op', 'delete')::text);
    END IF;
  ELSE
    PERFORM pg_notify('chat_changed', json_build_object('challengeId', NEW.challenge_id, 'id', NEW.id, 'op', 'update')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "chat_messages_updated_notify" ON "chat_messages";--> statement-breakpoint
CREATE TRIGGER "chat_messages_updated_notify" AFTER UPDATE OF "message" ON "chat_messages" FOR EACH ROW WHEN (OLD."message" IS DISTINCT FROM NEW."message") EXECUTE FUNCTION "chat_messages_changed_notify"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "chat_messages_deleted_notify" ON "chat_messages";--> statement-breakpoint
CREATE TRIGGER "chat_messages_deleted_notify" AFTER DELETE ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_messages_changed_notify"();
