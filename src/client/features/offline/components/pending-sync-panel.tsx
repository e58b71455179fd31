import { useState } from "react";
import { AlertIcon } from "../../../components/ui/icons";
import { trpc } from "../../../lib/trpc";
import { useOnlineStatus } from "../hooks/use-online-status";
import { discardRound, flushOutbox, retryRound, usePendingRounds } from "../lib/outbox";
import type { OutboxEntry } from "../lib/outbox-core";
import { PendingSyncBadge } from "./pending-sync-badge";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The rounds kept on this device (signed-in layout, above every page): how many wait for a
 * connection, and each round the server refused with its reason, Retry and Discard.
 */
export function PendingSyncPanel() {
  const { entries, waiting, failed } = usePendingRounds();
  const online = useOnlineStatus();
  const [syncing, setSyncing] = useState(false);
  // Discarding throws away a verified round: it takes a second, explicit click.
  const [confirmDiscard, setConfirmDiscard] = useState<string | null>(null);
  // Names from the challenge list already loaded (never fetched here: this may run offline).
  const { data: challenges } = trpc.challenges.list.useQuery(undefined, { enabled: false });
  const nameOf = (entry: OutboxEntry) =>
    challenges?.find((c) => c.id === Number(entry.input.challengeId))?.name ?? `Challenge ${entry.input.challengeId}`;

  if (entries.length === 0) return null;

  async function syncNow() {
    setSyncing(true);
    try {
      await flushOutbox();
    } finally {
      setSyncing(false);
    }
  }

  return (
    <section aria-label="Pending sync" className="mb-6 rounded-box border border-warning/40 bg-warning/10 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <PendingSyncBadge />
        <p className="min-w-0 flex-1 text-sm">
          {waiting > 0 &&
            (online
              ? `${plural(waiting, "round")} waiting to be sent.`
              : `You're offline. ${plural(waiting, "round")} will be sent when you are back online.`)}
          {waiting === 0 && `${plural(failed.length, "round")} could not be sent.`}
        </p>
        {waiting > 0 && online && (
          <button type="button" className="btn btn-outline btn-sm" disabled={syncing} onClick={() => void syncNow()}>
            {syncing ? "Syncing..." : "Sync now"}
          </button>
        )}
      </div>
      {failed.length > 0 && (
        <ul className="mt-3 space-y-2">
          {failed.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-2 rounded-field bg-base-100 p-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {nameOf(entry)} · {String(entry.input.date)} · {plural(entry.input.holes.length, "hole")}
                </p>
                <p className="flex items-start gap-1.5 text-error">
                  <AlertIcon className="mt-0.5 shrink-0" />
                  <span className="break-words">{entry.error}</span>
                </p>
              </div>
              {confirmDiscard === entry.id ? (
                <div className="flex shrink-0 gap-2">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmDiscard(null)}>
                    Keep
                  </button>
                  <button
                    type="button"
                    className="btn btn-error btn-sm"
                    onClick={() => void discardRound(entry.id).finally(() => setConfirmDiscard(null))}
                  >
                    Discard round
                  </button>
                </div>
              ) : (
                <div className="flex shrink-0 gap-2">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmDiscard(entry.id)}>
                    Discard
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={!online}
                    onClick={() => void retryRound(entry.id)}
                  >
                    Retry
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
