import { useLayoutEffect, useRef, useState } from "react";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";
import { XIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/errors";
import { focusElement } from "../../../lib/focus";
import { toast } from "../../../lib/toast";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { useChallengeProgress, useDeleteBirdie, useOwnBirdies } from "../hooks/use-birdies";
import { formatPlayedDate, typeName } from "../lib/hole-records";
import { StatusBadge } from "../../verification/public";

/**
 * Challenge detail Overview 'Edit Birdies' (docs/product/routes-and-screens.md#challenge-detail):
 * the player's own records with delete. The data reloads 500 ms after a delete, as the rest of the
 * page does after a record.
 */
export function EditBirdies({ challengeId }: { challengeId: number }) {
  const records = useOwnBirdies(challengeId);
  const challenge = useChallengeProgress(challengeId);
  const deleteBirdie = useDeleteBirdie();
  const refresh = useRefreshAfterRecordChange();
  const [confirming, setConfirming] = useState<BirdieRecord | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The row whose delete button had focus: once it is gone, focus moves to its neighbour.
  const removedRef = useRef<{ id: number; index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Records of an ended challenge are final (the server refuses the delete).
  const ended = challenge.data?.status === "past";
  const list = records.data ?? [];

  // Before paint, in the same task as the row's removal: focus never rests on <body> in between.
  useLayoutEffect(() => {
    const removed = removedRef.current;
    if (!removed || confirming !== null || list.some((r) => r.id === removed.id)) return;
    removedRef.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>("button[data-delete]") ?? [];
    focusElement(buttons[Math.min(removed.index, buttons.length - 1)] ?? headingRef.current);
  }, [list, confirming]);

  async function remove(record: BirdieRecord) {
    setConfirming(null);
    setDeletingId(record.id);
    setFailure(null);
    // Noted first: the list may refresh (and drop the row) before the mutation settles.
    removedRef.current = { id: record.id, index: list.findIndex((r) => r.id === record.id) };
    try {
      await deleteBirdie.mutateAsync({ id: record.id });
      toast({
        title: "Birdie deleted",
        description: `Hole ${record.holeNumber} ${typeName(record.score).toLowerCase()} was removed.`,
      });
      await refresh();
    } catch (error) {
      removedRef.current = null;
      const message = errorMessage(error, "Please try again.");
      setFailure(message);
      toast({ title: "Failed to delete birdie", description: message, variant: "destructive" });
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <section
      aria-labelledby={`edit-birdies-${challengeId}`}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <h2 ref={headingRef} id={`edit-birdies-${challengeId}`} className="card-title text-lg outline-none">
            Edit Birdies
          </h2>
          {list.length > 0 && <span className="badge badge-ghost">{list.length}</span>}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-error">
            Failed to delete birdie: {failure}
          </p>
        )}
        {records.isLoading ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading your birdies">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : records.isError ? (
          <p className="text-sm text-error">{errorMessage(records.error, "Could not load your birdies.")}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-base-content/70">You have not recorded any birdies in this challenge yet.</p>
        ) : (
          <ul
            ref={listRef}
            className="max-h-80 divide-y divide-base-300 overflow-y-auto"
            aria-label="Your recorded birdies"
          >
            {list.map((record) => {
              const type = typeName(record.score);
              return (
                <li key={record.id} className="flex items-center gap-3 py-2.5" data-testid="own-birdie">
                  <span
                    className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                      type === "Eagle" ? "bg-accent text-accent-content" : "bg-primary text-primary-content"
                    }`}
                    aria-hidden="true"
                  >
                    {record.holeNumber}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">
                      Hole {record.holeNumber} · {type}
                      {!record.counted && (
                        <span className="ml-1 text-xs font-normal text-base-content/60">(not counted)</span>
                      )}{" "}
                      <StatusBadge status={record.verificationStatus} counted={record.counted} />
                    </p>
                    <p className="wrap-anywhere text-xs text-base-content/60">
                      {formatPlayedDate(record.date)} · {record.courseName?.trim() || "Unknown course"}
                    </p>
                  </div>
                  {!ended && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square text-error"
                      aria-label={`Delete hole ${record.holeNumber} ${type.toLowerCase()}`}
                      data-delete=""
                      // Busy is aria-disabled only: a disabled button would lose focus to <body>.
                      aria-disabled={deletingId !== null || undefined}
                      onClick={() => deletingId === null && setConfirming(record)}
                    >
                      {deletingId === record.id ? (
                        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                      ) : (
                        <XIcon />
                      )}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this birdie?"
        description={
          confirming
            ? `Hole ${confirming.holeNumber} ${typeName(confirming.score).toLowerCase()} on ${formatPlayedDate(confirming.date)} will be removed from your progress and the leaderboard.`
            : undefined
        }
      >
        <ConfirmActions
          className="mt-0"
          tone="danger"
          confirmLabel="Delete"
          onCancel={() => setConfirming(null)}
          onConfirm={() => confirming && void remove(confirming)}
        />
      </Dialog>
    </section>
  );
}
