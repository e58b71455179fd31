import { dateTimeText } from "../../../../shared/domain/date-text";
import type { ChatMessage, ChatPage } from "../../../../shared/schemas/chat";
import { relativeTime } from "../../../lib/relative-time";

// Pure rules of the chat card (docs/product/routes-and-screens.md#challenge-chat-card): how each
// message is drawn, how pages and live messages combine, and the short relative time under each
// message.

export type MessageKind = "system" | "own" | "other";

/** System messages are centred, the viewer's own sit on the right as 'You', everyone else's carry avatar and name. */
export function messageKind(
  message: Pick<ChatMessage, "type" | "user">,
  currentUserId: number | null | undefined,
): MessageKind {
  if (message.type === "system") return "system";
  if (currentUserId != null && message.user?.id === currentUserId) return "own";
  return "other";
}

/**
 * The name shown on someone else's message: an author who deleted their account reads 'Deleted
 * golfer' (docs/product/rules.md#deleting-an-account); a blank name 'Unknown User'.
 */
export function authorName(message: Pick<ChatMessage, "user">): string {
  if (!message.user) return "Deleted golfer";
  const name = message.user.displayName?.trim();
  return name ? name : "Unknown User";
}

/**
 * What the chat's live region says for a new message: "Bob Fairway: hello", or a system message's
 * own words. No time and no avatar initials: those are for the eye.
 */
export function announcementText(message: Pick<ChatMessage, "type" | "user" | "message">): string {
  return message.type === "system" ? message.message : `${authorName(message)}: ${message.message}`;
}

export type ChatRow = {
  message: ChatMessage;
  kind: MessageKind;
  /** Same author as the message just above (no system message between): drawn a little closer to it. */
  continued: boolean;
};

/** What the list draws, in order: each message with its style. */
export function toChatRows(messages: readonly ChatMessage[], currentUserId: number | null | undefined): ChatRow[] {
  return messages.map((message, i) => {
    const kind = messageKind(message, currentUserId);
    const previous = messages[i - 1];
    const continued =
      kind !== "system" &&
      previous !== undefined &&
      previous.type !== "system" &&
      previous.user?.id != null &&
      previous.user.id === message.user?.id;
    return { message, kind, continued };
  });
}

/**
 * One chronological list from any number of sources (the fetched pages, messages pushed over the
 * socket, a just-sent message, a catch-up page): each id once, oldest first. Ids grow with every
 * insert, which is also the order the server pages by.
 */
export function mergeMessages(...sources: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const source of sources) for (const m of source) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Messages changed after they were sent (a round line amended or removed when one of its records
 * was deleted): each id's newest version replaces it, a removed one (null) leaves the list.
 */
export function applyChanges(
  messages: readonly ChatMessage[],
  changes: ReadonlyMap<number, ChatMessage | null>,
): ChatMessage[] {
  if (changes.size === 0) return messages as ChatMessage[];
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (!changes.has(m.id)) out.push(m);
    else {
      const next = changes.get(m.id);
      if (next) out.push(next);
    }
  }
  return out;
}

/**
 * The cached pages with what the card holds beside them written in (messages pushed live, sent or
 * caught up, and amended or removed ones), so the copy the device keeps (ADR 0029) is the chat as
 * last seen, not as it was when the page loaded. New messages join the newest page (`pages[0]`),
 * changes apply on every page. Null when the pages already hold all of it: nothing to write.
 */
export function pagesWithLive<P extends ChatPage>(
  pages: readonly P[],
  live: readonly ChatMessage[],
  changes: ReadonlyMap<number, ChatMessage | null>,
): P[] | null {
  const [newest] = pages;
  if (!newest) return null;
  const known = new Set<number>();
  let stale = false;
  for (const page of pages) {
    for (const m of page.messages) {
      known.add(m.id);
      if (changes.has(m.id) && changes.get(m.id) !== m) stale = true;
    }
  }
  const missing = live.filter((m) => !known.has(m.id) && changes.get(m.id) !== null);
  if (!stale && missing.length === 0) return null;
  const out = pages.map((page) => (stale ? { ...page, messages: applyChanges(page.messages, changes) } : page));
  out[0] = { ...newest, messages: applyChanges(mergeMessages(newest.messages, missing), changes) };
  return out;
}

/** The newest id in a list (0 when empty), which is what `after` catches up from. */
export function lastMessageId(messages: readonly Pick<ChatMessage, "id">[]): number {
  let last = 0;
  for (const m of messages) if (m.id > last) last = m.id;
  return last;
}

/** Infinite-query pages come newest first; the list reads oldest first. */
export function messagesFromPages(pages: readonly { messages: readonly ChatMessage[] }[] | undefined): ChatMessage[] {
  if (!pages) return [];
  return mergeMessages(...pages.map((p) => p.messages));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A chat-sized relative time: 'just now', '5m ago', '3h ago', then the app's day-based wording
 * ('Yesterday', '3 days ago', '2 weeks ago', ...). A date that cannot be read is 'Unknown time'.
 */
export function chatTimeText(date: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (date === null || date === undefined || date === "") return "Unknown time";
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return "Unknown time";
  // A device clock a little behind the server's would otherwise print a negative age.
  const age = Math.max(0, now - time);
  if (age < MINUTE_MS) return "just now";
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)}m ago`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}h ago`;
  return relativeTime(time, now);
}

/** The full date for a tooltip ("Nov 12, 2026, 10:03 AM"), or null when it cannot be read. */
export function chatTimeTitle(date: string | null | undefined): string | null {
  if (!date) return null;
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? null : dateTimeText(d.getTime());
}

/**
 * The message a member may send: trimmed and non-empty (docs/product/rules.md#rooms), or null when
 * nothing may be sent.
 */
export function sendableText(text: string, challengeId: number | null): string | null {
  const trimmed = text.trim();
  return trimmed && challengeId !== null ? trimmed : null;
}
