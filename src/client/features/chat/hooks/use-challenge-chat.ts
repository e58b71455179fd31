import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from "../../../../shared/domain/chat-limits";
import type { ChatMessage } from "../../../../shared/schemas/chat";
import { errorMessage } from "../../../lib/errors";
import { rateLimitMessage } from "../lib/send-error";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import type { RoomEvent } from "../lib/chat-connection";
import { applyChanges, lastMessageId, mergeMessages, messagesFromPages, pagesWithLive } from "../lib/chat-messages";
import { useChatSocket } from "./use-chat-socket";

/** Without a live socket the card falls back to refetching on a timer (docs/product/api.md#what-the-client-does). */
export const CHAT_POLL_MS = 30_000;
/** Catch-up pages after a gap; beyond this many a full refetch is cheaper. */
const MAX_CATCH_UP_PAGES = 5;
const NO_MESSAGES: ChatMessage[] = [];

/**
 * The signed-in user's challenges: the chat selector lists only these
 * (docs/product/routes-and-screens.md#challenge-chat-card).
 */
export function useChatChallenges() {
  const challenges = trpc.challenges.list.useQuery();
  useToastOnError(challenges.isError, "Failed to fetch challenges", challenges.error);
  return challenges;
}

/**
 * One challenge's chat: fetched pages (newest first, older ones on demand), messages pushed over
 * the socket, and sending. Pushed and just-sent messages live beside the fetched pages rather than
 * only inside the query cache, so a refetch that started before they arrived cannot drop them; the
 * two are merged by id. They are also written into the cached pages (again after each fetch that
 * lacks them), so what the device keeps for offline use is the chat as last seen (ADR 0029).
 */
export function useChallengeChat(challengeId: number | null, userId: number | null) {
  const utils = trpc.useUtils();
  const [live, setLive] = useState<{ challengeId: number | null; messages: ChatMessage[] }>({
    challengeId,
    messages: [],
  });
  // Amended or removed messages of this room, by id (a record of a round was deleted).
  const [changes, setChanges] = useState<{ challengeId: number | null; byId: Map<number, ChatMessage | null> }>({
    challengeId,
    byId: new Map(),
  });
  const roomRef = useRef(challengeId);
  const mergedRef = useRef<ChatMessage[]>([]);
  const catchUpRef = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const addLive = useCallback((id: number, incoming: readonly ChatMessage[]) => {
    // A late answer for a room the user has left must not replace the new room's messages.
    if (id !== roomRef.current || incoming.length === 0) return;
    setLive((prev) => ({
      challengeId: id,
      messages: mergeMessages(prev.challengeId === id ? prev.messages : [], incoming),
    }));
  }, []);

  const refetchRef = useRef<() => unknown>(() => undefined);
  const hasDataRef = useRef(false);

  /** Fetches what the socket may have missed (after a (re)join or a server resync). */
  const catchUp = useCallback(
    async (id: number) => {
      const state = catchUpRef.current;
      if (state.running) {
        state.again = true;
        return;
      }
      // The first page is still loading: start it again so it cannot predate the join.
      if (!hasDataRef.current) {
        void refetchRef.current();
        return;
      }
      state.running = true;
      try {
        do {
          state.again = false;
          let after = lastMessageId(mergedRef.current);
          let complete = false;
          for (let page = 0; page < MAX_CATCH_UP_PAGES && id === roomRef.current; page++) {
            const result = await utils.client.chat.list.query({ challengeId: id, after, limit: CHAT_PAGE_MAX });
            addLive(id, result.messages);
            if (result.messages.length < CHAT_PAGE_MAX) {
              complete = true;
              break;
            }
            after = lastMessageId(result.messages);
          }
          if (!complete && id === roomRef.current) void refetchRef.current();
        } while (state.again && id === roomRef.current);
      } catch {
        // The next event, reconnect or poll tries again; the list keeps what it has.
      } finally {
        state.running = false;
        state.again = false;
      }
    },
    [utils, addLive],
  );

  const status = useChatSocket(userId, challengeId, {
    onRoomEvent: (event: RoomEvent) => {
      const { changed } = event;
      if (changed) {
        if (event.challengeId !== roomRef.current) return;
        setChanges((prev) => {
          const byId = new Map(prev.challengeId === event.challengeId ? prev.byId : []);
          byId.set(changed.id, changed.message);
          return { challengeId: event.challengeId, byId };
        });
      } else if (event.message) addLive(event.challengeId, [event.message]);
      else void catchUp(event.challengeId);
    },
    onJoined: (id) => void catchUp(id),
  });

  const messagesQuery = trpc.chat.list.useInfiniteQuery(
    { challengeId: challengeId ?? 0, limit: CHAT_PAGE_DEFAULT },
    {
      enabled: challengeId !== null,
      getNextPageParam: (page) => page.nextCursor,
      // Coming back to the card shows the cached page at once and refreshes it behind the scenes.
      refetchOnMount: "always",
      refetchInterval: status === "live" ? false : CHAT_POLL_MS,
    },
  );
  useToastOnError(messagesQuery.isError, "Failed to fetch messages", messagesQuery.error);

  const fetched = useMemo(() => messagesFromPages(messagesQuery.data?.pages), [messagesQuery.data]);
  const liveMessages = live.challengeId === challengeId ? live.messages : NO_MESSAGES;
  const roomChanges = changes.challengeId === challengeId ? changes.byId : null;
  const messages = useMemo(
    () => applyChanges(mergeMessages(fetched, liveMessages), roomChanges ?? new Map()),
    [fetched, liveMessages, roomChanges],
  );

  // The cache, and with it the device's copy, follows what the card shows.
  const cached = messagesQuery.data;
  useEffect(() => {
    if (challengeId === null || !cached) return;
    if (liveMessages.length === 0 && !roomChanges?.size) return;
    utils.chat.list.setInfiniteData({ challengeId, limit: CHAT_PAGE_DEFAULT }, (data) => {
      const pages = data && pagesWithLive(data.pages, liveMessages, roomChanges ?? new Map());
      // Undefined leaves the cache as it is (nothing new): no write, no render.
      return pages ? { ...data, pages } : undefined;
    });
  }, [challengeId, cached, liveMessages, roomChanges, utils]);

  useEffect(() => {
    roomRef.current = challengeId;
    mergedRef.current = messages;
    refetchRef.current = messagesQuery.refetch;
    hasDataRef.current = messagesQuery.data !== undefined;
  });

  const send = trpc.chat.send.useMutation({
    onSuccess: (message) => addLive(message.challengeId, [message]),
    onError: (error) => {
      // The card shows a rate-limit refusal under the input (rateLimitMessage); toast the rest.
      if (rateLimitMessage(error)) return;
      toast({
        title: "Failed to send message",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      });
    },
  });

  return { messages, messagesQuery, status, send };
}

/** One toast when a query starts failing, not one per failed poll. */
function useToastOnError(isError: boolean, title: string, error: unknown) {
  const wasError = useRef(false);
  useEffect(() => {
    if (isError && !wasError.current)
      toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });
    wasError.current = isError;
  }, [isError, title, error]);
}
