import { useEffect, useRef } from "react";
import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { configureOutbox, flushOutbox, usePendingRounds } from "../lib/outbox";

// 'online' is not always fired when a phone finds signal again (or it fires before the network
// really works), so pending rounds are also retried on a slow timer and when the app is reopened.
const RETRY_INTERVAL_MS = 30_000;

/**
 * Runs the offline outbox for the signed-in player (mounted once by the signed-in layout): sends
 * pending rounds on app start, when the connection returns and periodically, and raises 'Could not
 * sync a round' for a round the server refused, kept up until the player retries or discards it.
 */
export function OfflineSync({ userId }: { userId: number }) {
  const utils = trpc.useUtils();
  const refreshAfterRecord = useRefreshAfterRecordChange();
  const { count, failed } = usePendingRounds();
  const refreshRef = useRef(refreshAfterRecord);
  refreshRef.current = refreshAfterRecord;

  useEffect(() => {
    configureOutbox({
      userId,
      send: (input) => utils.client.birdies.recordRound.mutate(input),
      onFlushed: (report) => {
        if (report.sent.length === 0) return;
        void refreshRef.current(0);
        if (report.rejected.length === 0) {
          const n = report.sent.length;
          toast({
            title: "Offline rounds synced",
            description: `${n} round${n === 1 ? "" : "s"} recorded while offline ${n === 1 ? "has" : "have"} been saved.`,
          });
        }
      },
    });
    void flushOutbox();
    const onOnline = () => void flushOutbox();
    const onVisible = () => {
      if (document.visibilityState === "visible" && navigator.onLine) void flushOutbox();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      configureOutbox(null);
    };
  }, [userId, utils]);

  const hasWaiting = count - failed.length > 0;
  useEffect(() => {
    if (!hasWaiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void flushOutbox();
    }, RETRY_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [hasWaiting]);

  // One toast for the current set of refused rounds; a new refusal raises it again (only one
  // toast shows at a time, so another message may have replaced it meanwhile).
  const failureKey = failed.map((e) => e.id).join(",");
  const failureText = failed[0]
    ? `${failed[0].error ?? "The server refused this round."}${failed.length > 1 ? ` (${failed.length} rounds need attention.)` : ""}`
    : "";
  useEffect(() => {
    if (!failureKey) return;
    // Infinite duration: it stays until the round is retried or discarded (or another toast replaces it).
    const handle = toast({
      title: "Could not sync a round",
      description: failureText,
      variant: "destructive",
      duration: Number.POSITIVE_INFINITY,
    });
    return () => handle.dismiss();
  }, [failureKey, failureText]);

  return null;
}
