import { useEffect, useRef } from "react";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import { recordedSummaryText, recordType } from "../../../../shared/domain/scoring";
import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { configureOutbox, flushOutbox, usePendingRounds } from "../lib/outbox";
import type { FlushReport, OutboxEntry } from "../lib/outbox-core";

type Restore = (userId: number, input: RecordRoundInput, refusal: string) => string | null;
type ChallengeNames = { id: number; name: string }[] | undefined;

function summaryOf(entry: OutboxEntry): string {
  const eagles = entry.input.holes.filter((h) => recordType(Number(h.score)) === "eagle").length;
  return recordedSummaryText(entry.input.holes.length - eagles, eagles);
}

/**
 * What a flush tells the golfer (docs/product/routes-and-screens.md#record-birdies): a refused
 * round back on the record form first (it needs them), else the rounds that synced, each with a
 * link to where its result shows.
 */
export function announceFlush(report: FlushReport, challenges: ChallengeNames) {
  const nameOf = (entry: OutboxEntry) =>
    challenges?.find((c) => c.id === Number(entry.input.challengeId))?.name ?? "your challenge";
  const [restored] = report.restored;
  if (restored) {
    const more = report.restored.length > 1 ? ` (${report.restored.length} rounds need fixing.)` : "";
    toast({
      title: "Round needs fixing",
      description: `${restored.entry.error ?? "The server refused this round."} Your round in ${nameOf(restored.entry)} is back on the record form.${more}`,
      variant: "destructive",
      duration: Number.POSITIVE_INFINITY,
      link: { label: "Fix round", href: restored.path },
    });
    return;
  }
  if (report.sent.length === 0 || report.rejected.length > 0) return;
  const [first] = report.sent;
  if (!first) return;
  const sameChallenge = report.sent.every((e) => Number(e.input.challengeId) === Number(first.input.challengeId));
  const href = sameChallenge ? `/challenges/${Number(first.input.challengeId)}` : "/challenges";
  if (report.sent.length === 1) {
    toast({
      title: "Round synced",
      description: `${nameOf(first)}: ${summaryOf(first)}`,
      link: { label: "View Result", href },
    });
    return;
  }
  toast({
    title: "Rounds synced",
    description: `${report.sent.length} rounds recorded while offline have been saved.`,
    link: { label: sameChallenge ? "View Result" : "View Challenges", href },
  });
}

// 'online' is not always fired when a phone finds signal again (or it fires before the network
// really works), so pending rounds are also retried on a slow timer and when the app is reopened.
const RETRY_INTERVAL_MS = 30_000;

/**
 * Runs the offline outbox for the signed-in player (mounted once by the signed-in layout): sends
 * pending rounds on app start, when the connection returns and periodically, and raises 'Could not
 * sync a round' for a round the server refused, kept up until the player retries or discards it.
 */
export function OfflineSync({ userId, restoreRefused }: { userId: number; restoreRefused?: Restore }) {
  const utils = trpc.useUtils();
  const restoreRef = useRef(restoreRefused);
  restoreRef.current = restoreRefused;
  const refreshAfterRecord = useRefreshAfterRecordChange();
  const { count, failed } = usePendingRounds();
  const refreshRef = useRef(refreshAfterRecord);
  refreshRef.current = refreshAfterRecord;

  useEffect(() => {
    configureOutbox({
      userId,
      send: (input) => utils.client.birdies.recordRound.mutate(input),
      restore: (entry) => restoreRef.current?.(entry.userId, entry.input, entry.error ?? "") ?? null,
      onFlushed: (report) => {
        if (report.sent.length > 0) void refreshRef.current(0);
        announceFlush(report, utils.challenges.list.getData());
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
