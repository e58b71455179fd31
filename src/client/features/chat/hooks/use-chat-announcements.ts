import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../shared/schemas/chat";
import { announcementText, lastMessageId, messageKind } from "../lib/chat-messages";

// The last few lines stay in the live region; older ones go so it never grows with the chat.
const KEPT = 5;

type Line = { id: number; text: string };

/**
 * The lines for the chat's live region (WCAG 4.1.3): only messages that arrive after the room's
 * history has loaded, not the history itself, not older pages loaded above, and not the golfer's
 * own messages (they know what they sent). The visible list is not live, so its relative times,
 * refreshed every 30 s, are never read out.
 */
export function useChatAnnouncements(
  challengeId: number | null,
  messages: readonly ChatMessage[],
  userId: number | null | undefined,
  loaded: boolean,
): Line[] {
  const [lines, setLines] = useState<Line[]>([]);
  const seen = useRef<{ room: number | null; lastId: number | null }>({ room: null, lastId: null });

  useEffect(() => {
    if (seen.current.room !== challengeId) {
      seen.current = { room: challengeId, lastId: null };
      setLines([]);
    }
    if (!loaded) return;
    const newest = lastMessageId(messages);
    const after = seen.current.lastId;
    seen.current.lastId = Math.max(after ?? 0, newest);
    // The history on screen when the room opened is what the golfer reads, not what arrives.
    if (after === null) return;
    const fresh = messages.filter((m) => m.id > after && messageKind(m, userId) !== "own");
    if (fresh.length === 0) return;
    setLines((prev) => [...prev, ...fresh.map((m) => ({ id: m.id, text: announcementText(m) }))].slice(-KEPT));
  }, [challengeId, messages, userId, loaded]);

  return lines;
}
