import { eq, inArray, sql } from "drizzle-orm";
import { type RecordType, recordType } from "../../../shared/domain/scoring";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "../../../shared/schemas/chat";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { statement } from "../../db/raw";
import { together } from "../../db/together";
import { birdieRecords } from "../../db/schema/birdies";
import { chatMessageRecords, chatMessages } from "../../db/schema/chat";
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
  handedOver: (from: string, to: string) => `${from} handed the challenge over to ${to}`,
  earned: (name: string, achievementName: string) => `${name} earned ${achievementName}`,
  /**
   * One line per round: one hole keeps the single-record text; more read
   * "Alice recorded 2 birdies and an eagle: holes 3, 5, 7".
   */
  round: (name: string, holes: readonly { holeNumber: number; type: RecordType }[]) => {
    const sorted = [...holes].sort((a, b) => a.holeNumber - b.holeNumber);
    const [only] = sorted;
    if (only && sorted.length === 1) return systemText.recorded(name, only.holeNumber, only.type);
    const birdies = sorted.filter((h) => h.type === "birdie").length;
    const eagles = sorted.length - birdies;
    const counts = [
      birdies === 0 ? "" : birdies === 1 ? "a birdie" : `${birdies} birdies`,
      eagles === 0 ? "" : eagles === 1 ? "an eagle" : `${eagles} eagles`,
    ].filter(Boolean);
    return `${name} recorded ${counts.join(" and ")}: holes ${sorted.map((h) => h.holeNumber).join(", ")}`;
  },
  /** The creator (or an admin) voided a record (docs/product/rules.md#verification). */
  voided: (actor: string, golfer: string, holeNumber: number, type: RecordType, reason: string) =>
    `${actor} voided ${golfer}'s ${type} on hole ${holeNumber}: ${reason}`,
  /** One line for all a round earned: "Alice earned First Birdie, Hat Trick and Eagle Eye". */
  earnedAll: (name: string, achievementNames: readonly string[]) =>
    `${name} earned ${
      achievementNames.length > 1
        ? `${achievementNames.slice(0, -1).join(", ")} and ${achievementNames[achievementNames.length - 1]}`
        : achievementNames[0]
    }`,
};

/**
 * A system message in a room. Texts come from the server, so an over-long one (a long name) is
 * shortened rather than allowed to fail the caller's transaction.
 */
export async function postSystemMessage(db: Db, challengeId: number, text: string): Promise<ChatMessage> {
  const row = onlyRow(
    await prepared(db, "post_system_message", (d) =>
      d
        .insert(chatMessages)
        .values({
          challengeId: sql.placeholder("challengeId"),
          userId: null,
          type: "system",
          message: sql.placeholder("message"),
        })
        .returning(),
    ).execute({ challengeId, message: storedText(text) }),
  );
  return toView(row, null);
}

/** A server-written text as stored: trimmed and cut to the limit. */
function storedText(text: string): string {
  const message = text.trim().slice(0, CHAT_MESSAGE_MAX);
  if (!message) throw new Error("a system message needs text");
  return message;
}

/** A round's line and its links to the records it names, one statement (a recording's hot path). */
const postRoundLine = statement(sql`
  with line as (
    insert into ${chatMessages} (challenge_id, user_id, type, message)
    values (${sql.placeholder("challengeId")}, null, 'system', ${sql.placeholder("message")})
    returning id
  )
  insert into ${chatMessageRecords} (message_id, record_id)
  select line.id, r.id::int from line cross join jsonb_array_elements_text(${sql.placeholder("recordIds")}::jsonb) as r(id)`);

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

/** The creator handed the challenge to another member (docs/product/rules.md#leaving-and-handing-over). */
export const announceHandOver = (db: Db, challengeId: number, fromName: string, toName: string) =>
  postSystemMessage(db, challengeId, systemText.handedOver(fromName, toName));

/**
 * A round's chat lines (docs/product/rules.md#system-messages): one for its records, linked to
 * them so a deletion can amend it (ADR 0028), then one for the achievements it earned.
 */
export async function announceRound(
  db: Db,
  challengeId: number,
  name: string,
  records: readonly { id: number; holeNumber: number; score: number }[],
  achievementNames: readonly string[],
): Promise<void> {
  // Both lines are sent together (one round trip on PostgreSQL, ADR 0060), in the order they show.
  await together([
    records.length
      ? postRoundLine(db, {
          challengeId,
          message: storedText(
            systemText.round(
              name,
              records.map((r) => ({ holeNumber: r.holeNumber, type: recordType(r.score) })),
            ),
          ),
          recordIds: JSON.stringify(records.map((r) => r.id)),
        })
      : undefined,
    achievementNames.length
      ? postSystemMessage(db, challengeId, systemText.earnedAll(name, achievementNames))
      : undefined,
  ]);
}

/**
 * Before a record is deleted: every round line that names it is rewritten from the round's other
 * records, or removed when it named only this one (ADR 0028). Achievement lines stay: an earned
 * achievement is kept (docs/product/rules.md#achievements).
 */
export async function amendRoundLines(db: Db, recordId: number, name: string): Promise<void> {
  const links = await db
    .select({ messageId: chatMessageRecords.messageId })
    .from(chatMessageRecords)
    .where(eq(chatMessageRecords.recordId, recordId));
  for (const { messageId } of links) {
    const others = await db
      .select({ id: birdieRecords.id, holeNumber: birdieRecords.holeNumber, score: birdieRecords.score })
      .from(chatMessageRecords)
      .innerJoin(birdieRecords, eq(birdieRecords.id, chatMessageRecords.recordId))
      .where(eq(chatMessageRecords.messageId, messageId));
    const remaining = others.filter((r) => r.id !== recordId);
    if (!remaining.length) {
      await db.delete(chatMessages).where(eq(chatMessages.id, messageId));
      continue;
    }
    const text = systemText
      .round(
        name,
        remaining.map((r) => ({ holeNumber: r.holeNumber, type: recordType(r.score) })),
      )
      .slice(0, CHAT_MESSAGE_MAX);
    await db
      .update(chatMessages)
      .set({ message: text })
      .where(inArray(chatMessages.id, [messageId]));
  }
}
