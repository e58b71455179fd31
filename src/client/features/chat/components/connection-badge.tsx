import type { ConnectionStatus } from "../lib/chat-connection";

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

/** The chat's connection state next to its title (none once the player has left). */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
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
