import { lazy, Suspense } from "react";
import { ErrorBoundary } from "../../../components/ui/error-boundary";

// The chat card (and its socket code) is its own chunk: the dashboard and challenge pages render
// first and the card arrives a moment later in a placeholder of the same height, so nothing jumps.
const ChallengeChatCard = lazy(async () => ({ default: (await import("./challenge-chat-card")).ChallengeChatCard }));

function ChatCardPlaceholder() {
  return (
    <div
      className="card h-[500px] border border-base-300 bg-base-100 shadow-sm"
      role="status"
      aria-label="Loading chat"
    >
      <div className="card-body items-center justify-center">
        <span className="loading loading-spinner text-primary" aria-hidden="true" />
      </div>
    </div>
  );
}

/** Where a page shows the challenge chat; `challengeId` fixes it to one challenge. */
export function ChatCardSlot({ challengeId }: { challengeId?: number }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<ChatCardPlaceholder />}>
        <ChallengeChatCard challengeId={challengeId} />
      </Suspense>
    </ErrorBoundary>
  );
}
