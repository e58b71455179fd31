import { Avatar } from "../../../components/ui/avatar";
import { authorName, type ChatRow, chatTimeText, chatTimeTitle } from "../lib/chat-messages";

function MessageTime({ createdAt, now, className = "" }: { createdAt: string; now: number; className?: string }) {
  const title = chatTimeTitle(createdAt);
  return (
    <time
      dateTime={title ? createdAt : undefined}
      title={title ?? undefined}
      className={`text-xs opacity-80 ${className}`}
    >
      {chatTimeText(createdAt, now)}
    </time>
  );
}

// Long unbroken words (links, "hahahaha...") wrap instead of widening the card on a phone.
const WRAP = "[overflow-wrap:anywhere] whitespace-pre-wrap";

/**
 * One message in the chat card's three styles
 * (docs/product/routes-and-screens.md#challenge-chat-card): system centred, own on the right as
 * 'You', others with avatar and name.
 */
export function ChatMessageItem({ row, now }: { row: ChatRow; now: number }) {
  const { message, kind, continued } = row;

  if (kind === "system") {
    return (
      <li className="flex justify-center py-1" data-testid="chat-message" data-kind="system">
        <p
          className={`max-w-[92%] grow-0 rounded-box bg-base-300/60 px-3 py-1.5 text-center text-xs text-base-content/80 ${WRAP}`}
        >
          <span>{message.message}</span>
          <span aria-hidden="true"> · </span>
          <MessageTime createdAt={message.createdAt} now={now} />
        </p>
      </li>
    );
  }

  if (kind === "own") {
    return (
      <li className={`chat chat-end ${continued ? "-mt-1" : ""}`} data-testid="chat-message" data-kind="own">
        <div className="chat-header gap-1.5 text-xs">
          <span className="font-semibold">You</span>
          <MessageTime createdAt={message.createdAt} now={now} />
        </div>
        <div className={`chat-bubble chat-bubble-primary min-h-0 text-sm ${WRAP}`}>{message.message}</div>
      </li>
    );
  }

  const name = authorName(message);
  return (
    <li className={`chat chat-start ${continued ? "-mt-1" : ""}`} data-testid="chat-message" data-kind="other">
      <div className="chat-image">
        <Avatar name={name} src={message.user?.profilePicture} size="sm" />
      </div>
      <div className="chat-header min-w-0 gap-1.5 text-xs">
        <span className="wrap-anywhere font-semibold" data-testid="chat-author">
          {name}
        </span>
        <MessageTime createdAt={message.createdAt} now={now} className="shrink-0" />
      </div>
      <div className={`chat-bubble min-h-0 text-sm ${WRAP}`}>{message.message}</div>
    </li>
  );
}
