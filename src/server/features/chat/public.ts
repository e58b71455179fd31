import type { RecordType } from "../../../shared/domain/scoring";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "../../../shared/schemas/chat";
import type { Db } from "../../db/client";
import { chatMessages } from "../../db/schema/chat";
import { toView } from "./views";
import { onlyRow } from "../../lib/rows";

// Server-written messages, posted by other features inside their own transactions. Realtime
// delivery is not this module's concern: a database trigger announces every committed message
// (drizzle/0006_chat.sql), so nothing is published for a transaction that rolls back.

/** The texts of server-written messages (docs/product/rules.md#system-messages). */
export const systemText = {
  joined: (name: string) => `${name} joined the challenge`,
  recorded: (name: string, holeNumber: number, type: RecordType) =>
    `${name} recorded ${type === "eagle" ? "an eagle" : "a birdie"} on hole ${holeNumber}`,
  left: (name: string) => `${name} left the challenge`,
  removed: (name: string) => `${name} was removed from the challenge`,
  earned: (name: string, achievementName: string) => `${name} earned ${achievementName}`,
};

/**
 * A system message in a room. Texts come from the server, so an over-long one (a long name) is
 * shortened rather than allowed to fail the caller's transaction.
 */
export async function postSystemMessage(db: Db, challengeId: number, text: string): Promise<ChatMessage> {
  const message = text.trim().slice(0, CHAT_MESSAGE_MAX);
  if (!message) throw new Error("a system message needs text");
  const row = onlyRow(
    await db.insert(chatMessages).values({ challengeId, userId: null, type: "system", message }).returning(),
  );
  return toView(row, null);
}

/** Several system messages in one insert, in the given order (ids ascend with it). */
export async function postSystemMessages(db: Db, challengeId: number, texts: readonly string[]): Promise<void> {
  const values = texts.map((t) => t.trim().slice(0, CHAT_MESSAGE_MAX)).filter(Boolean);
  if (!values.length) return;
  await db
    .insert(chatMessages)
    .values(values.map((message) => ({ challengeId, userId: null, type: "system" as const, message })));
}

export const announceJoin = (db: Db, challengeId: number, displayName: string) =>
  postSystemMessage(db, challengeId, systemText.joined(displayName));

export const announceLeave = (db: Db, challengeId: number, displayName: string, removed: boolean) =>
  postSystemMessage(db, challengeId, removed ? systemText.removed(displayName) : systemText.left(displayName));
