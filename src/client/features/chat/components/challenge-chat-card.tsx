import { type FormEvent, type RefObject, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX } from "../../../../shared/schemas/chat";
import { AlertIcon } from "../../../components/ui/icons";
import { useAuth } from "../../auth/hooks/use-auth";
import { useChallengeChat, useChatChallenges } from "../hooks/use-challenge-chat";
import { useNow } from "../hooks/use-now";
import type { ConnectionStatus } from "../lib/chat-connection";
import { sendableText, toChatRows } from "../lib/chat-messages";
import { rateLimitMessage } from "../lib/send-error";
import { ChatMessageItem } from "./chat-message-item";

// SPEC.md §9: below this width the page itself scrolls to the bottom when the input is focused,
// so the phone keyboard does not hide the conversation.
const NARROW_QUERY = "(max-width: 767px)";

/**
 * SPEC.md §2 Challenge chat card: challenge selector, messages, send form; 500 px high. With
 * `challengeId` (the challenge detail page) the card is fixed to that challenge.
 */
export function ChallengeChatCard({ challengeId: lockedId }: { challengeId?: number } = {}) {
  const { user } = useAuth();
  const ids = { title: useId(), select: useId(), input: useId() };
  const challenges = useChatChallenges();
  const list = challenges.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);

  // The locked challenge, else the user's pick while it is still theirs, else their first challenge.
  const selectedId =
    lockedId ?? (chosen !== null && list.some((c) => c.id === chosen) ? chosen : (list[0]?.id ?? null));
  const locked = lockedId !== undefined;

  const { messages, messagesQuery, status, send } = useChallengeChat(selectedId, user?.id ?? null);
  const rows = useMemo(() => toChatRows(messages, user?.id), [messages, user?.id]);
  const now = useNow(30_000);

  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const toSend = sendableText(text, selectedId);
  const slowDown = rateLimitMessage(send.error);

  useStickToNewest(listRef, messages);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (toSend === null || selectedId === null || send.isPending) return;
    send.mutate(
      { challengeId: selectedId, message: toSend },
      {
        onSuccess: () => {
          setText("");
          // The input was disabled while sending, which dropped focus; keep the conversation going.
          requestAnimationFrame(() => inputRef.current?.focus());
        },
      },
    );
  }

  function onInputFocus() {
    scrollListToBottom(listRef.current);
    if (window.matchMedia(NARROW_QUERY).matches) {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "smooth" });
    }
  }

  const noChallenges = challenges.isSuccess && list.length === 0 && !locked;
  const lockedName = locked ? list.find((c) => c.id === lockedId)?.name : undefined;

  return (
    <section
      aria-labelledby={ids.title}
      className="card h-[500px] border border-base-300 bg-base-100 shadow-sm"
      data-testid="challenge-chat-card"
    >
      <div className="card-body min-h-0 flex-1 gap-3 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id={ids.title} className="card-title text-lg">
            Challenge Chat
          </h2>
          {selectedId !== null && <ConnectionBadge status={status} />}
        </div>

        <div>
          <label htmlFor={ids.select} className="sr-only">
            Chat challenge
          </label>
          <select
            id={ids.select}
            className="select select-sm w-full"
            value={selectedId === null ? "" : String(selectedId)}
            onChange={(e) => setChosen(Number(e.target.value))}
            disabled={locked || list.length === 0}
          >
            {/* What the closed selector reads with nothing chosen; never offered as a choice. */}
            <option value="" disabled hidden>
              Select a Challenge
            </option>
            <option value="placeholder" disabled>
              Select Challenge
            </option>
            {locked && lockedName === undefined && (
              <option value={lockedId}>{challenges.isSuccess ? "Unknown Challenge" : "Loading..."}</option>
            )}
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>

        <div
          ref={listRef}
          role="log"
          aria-label="Message history"
          // Focusable so keyboard users can scroll the history (axe scrollable-region-focusable).
          tabIndex={0}
          aria-live="polite"
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain rounded-box bg-base-200/50 px-2 py-3 sm:px-3"
        >
          {messagesQuery.hasNextPage && (
            <div className="mb-2 flex justify-center">
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => void messagesQuery.fetchNextPage()}
                disabled={messagesQuery.isFetchingNextPage}
              >
                {messagesQuery.isFetchingNextPage && (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                )}
                Load older messages
              </button>
            </div>
          )}
          {noChallenges ? (
            <CenteredNote>Join or create a challenge to chat with the other players.</CenteredNote>
          ) : selectedId === null || (messagesQuery.isPending && messages.length === 0) ? (
            <div className="flex h-full items-center justify-center" role="status" aria-label="Loading messages">
              <span className="loading loading-spinner text-primary" aria-hidden="true" />
            </div>
          ) : messagesQuery.isError && messages.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm">
              <AlertIcon className="text-xl text-error" />
              <p>Messages could not be loaded.</p>
              <button type="button" className="btn btn-sm" onClick={() => void messagesQuery.refetch()}>
                Try again
              </button>
            </div>
          ) : rows.length === 0 ? (
            <CenteredNote>No messages yet. Be the first to say hello!</CenteredNote>
          ) : (
            <ol className="flex flex-col gap-1">
              {rows.map((row) => (
                <ChatMessageItem key={row.message.id} row={row} now={now} />
              ))}
            </ol>
          )}
        </div>

        <form onSubmit={submit} className="flex gap-2" aria-label="Send a message">
          <label htmlFor={ids.input} className="sr-only">
            Chat message
          </label>
          <input
            ref={inputRef}
            id={ids.input}
            type="text"
            className="input min-w-0 flex-1"
            placeholder="Type your message..."
            autoComplete="off"
            enterKeyHint="send"
            maxLength={CHAT_MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={onInputFocus}
            disabled={selectedId === null || send.isPending}
          />
          <button type="submit" className="btn btn-primary shrink-0" disabled={toSend === null || send.isPending}>
            {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <SendIcon />}
            <span>Send</span>
          </button>
        </form>
        {slowDown && (
          <p role="alert" className="text-sm text-error">
            {slowDown}
          </p>
        )}
      </div>
    </section>
  );
}

function CenteredNote({ children }: { children: string }) {
  return (
    <p className="flex h-full items-center justify-center px-4 text-center text-sm text-base-content/60">{children}</p>
  );
}

const BADGES: Record<ConnectionStatus, { label: string; hint: string; className: string; dot: string } | null> = {
  live: { label: "Live", hint: "New messages appear as they are sent", className: "badge-success", dot: "bg-success" },
  connecting: {
    label: "Connecting…",
    hint: "Connecting to the chat",
    className: "badge-ghost",
    dot: "bg-base-content/40",
  },
  reconnecting: {
    label: "Reconnecting…",
    hint: "Connection lost: checking for new messages every 30 seconds",
    className: "badge-warning",
    dot: "bg-warning",
  },
  // Not a member any more: the message list explains it; a badge would only add noise.
  refused: null,
  closed: null,
};

function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const badge = BADGES[status];
  if (!badge) return null;
  return (
    <span
      className={`badge badge-soft badge-sm shrink-0 gap-1.5 ${badge.className}`}
      title={badge.hint}
      data-testid="chat-connection"
      data-status={status}
    >
      <span
        className={`size-2 rounded-full ${badge.dot} ${status === "live" ? "" : "animate-pulse"}`}
        aria-hidden="true"
      />
      {badge.label}
    </span>
  );
}

const SendIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m22 2-7 20-4-9-9-4Z" />
    <path d="M22 2 11 13" />
  </svg>
);

function scrollListToBottom(list: HTMLElement | null) {
  if (list) list.scrollTop = list.scrollHeight;
}

/**
 * Keeps the newest message in view (SPEC.md §2): a new last message scrolls to the bottom, while
 * older messages loaded above keep the reader's place instead of jumping.
 */
function useStickToNewest(listRef: RefObject<HTMLDivElement | null>, messages: readonly { id: number }[]) {
  const lastId = messages.length ? messages[messages.length - 1].id : null;
  const firstId = messages.length ? messages[0].id : null;
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
