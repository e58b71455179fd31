import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX } from "../../../../shared/domain/chat-limits";
import { AlertIcon, SendIcon } from "../../../components/ui/icons";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useChallengeChat, useChatChallenges } from "../hooks/use-challenge-chat";
import { useNow } from "../../../hooks/use-now";
import { sendableText, toChatRows } from "../lib/chat-messages";
import { rateLimitMessage } from "../lib/send-error";
import { ChatMessageItem } from "./chat-message-item";
import { ConnectionBadge } from "./connection-badge";
import { scrollListToBottom, useStickToNewest } from "../hooks/use-stick-to-newest";
import { useChatAnnouncements } from "../hooks/use-chat-announcements";

// docs/product/routes-and-screens.md#challenge-chat-card: below this width the page itself scrolls
// to the bottom when the input is focused, so the phone keyboard does not hide the conversation.
const NARROW_QUERY = "(max-width: 767px)";

/**
 * Challenge chat card (docs/product/routes-and-screens.md#challenge-chat-card): challenge selector,
 * messages, send form; 500 px high. With `challengeId` (the challenge detail page) the card is
 * fixed to that challenge.
 */
export function ChallengeChatCard({ challengeId: lockedId }: { challengeId?: number } = {}) {
  const { user } = useCurrentUser();
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
  const announcements = useChatAnnouncements(selectedId, messages, user?.id, messagesQuery.isSuccess);

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

        {/* New messages are read from here, once each; the list below is for reading at will. */}
        <div className="sr-only" role="log" aria-live="polite" aria-relevant="additions" data-testid="chat-announcer">
          {announcements.map((line) => (
            <p key={line.id}>{line.text}</p>
          ))}
        </div>
        <div
          ref={listRef}
          role="region"
          aria-label="Message history"
          // Focusable so keyboard users can scroll the history (axe scrollable-region-focusable).
          tabIndex={0}
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
            className="input min-w-0 flex-1 focus:[--input-color:var(--color-primary)]"
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
