import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";

export function scrollListToBottom(list: HTMLElement | null) {
  if (list) list.scrollTop = list.scrollHeight;
}

/**
 * Keeps the newest message in view (docs/product/routes-and-screens.md#challenge-chat-card): a new
 * last message scrolls to the bottom, while older messages loaded above keep the reader's place
 * instead of jumping.
 */
export function useStickToNewest(listRef: RefObject<HTMLDivElement | null>, messages: readonly { id: number }[]) {
  const lastId = messages[messages.length - 1]?.id ?? null;
  const firstId = messages[0]?.id ?? null;
  const previous = useRef<{ lastId: number | null; firstId: number | null; scrollHeight: number; scrollTop: number }>({
    lastId: null,
    firstId: null,
    scrollHeight: 0,
    scrollTop: 0,
  });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = previous.current;
    if (lastId !== before.lastId) scrollListToBottom(list);
    else if (firstId !== before.firstId) list.scrollTop = before.scrollTop + (list.scrollHeight - before.scrollHeight);
    previous.current = { lastId, firstId, scrollHeight: list.scrollHeight, scrollTop: list.scrollTop };
  }, [listRef, lastId, firstId]);

  // The reader's position right before older messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const remember = () => {
      previous.current = { ...previous.current, scrollHeight: list.scrollHeight, scrollTop: list.scrollTop };
    };
    list.addEventListener("scroll", remember, { passive: true });
    return () => list.removeEventListener("scroll", remember);
  }, [listRef]);
}
