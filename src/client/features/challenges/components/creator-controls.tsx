import { useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate } from "../../../lib/router";
import type { ChallengeListItem, ChallengePlayer } from "../../../../shared/schemas/challenges";
import { CrownIcon, PencilIcon, TrashIcon, UserMinusIcon } from "../../../components/ui/icons";
import { Avatar } from "../../../components/ui/avatar";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/errors";
import { focusElement } from "../../../lib/focus";
import { toast } from "../../../lib/toast";
import { useDeleteChallenge, useForgetChallenge, useRemovePlayer, useTransferChallenge } from "../hooks/use-challenges";

type CreatorControlsProps = {
  challenge: ChallengeListItem;
  players: ChallengePlayer[] | undefined;
  playersLoading: boolean;
  currentUserId: number;
};

/** Edit, delete and player removal: the creator's tools (docs/product/rules.md#roles-and-permissions). */
export function CreatorControls({ challenge, players, playersLoading, currentUserId }: CreatorControlsProps) {
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [removing, setRemoving] = useState<ChallengePlayer | null>(null);
  const deleteChallenge = useDeleteChallenge();
  const forgetChallenge = useForgetChallenge();
  const removePlayer = useRemovePlayer();
  const transfer = useTransferChallenge();
  const [transferOpen, setTransferOpen] = useState(false);
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const others = (players ?? []).filter((p) => p.id !== currentUserId);
  const [failure, setFailure] = useState<string | null>(null);
  // The player whose Remove button had focus: once their row is gone, focus moves to a neighbour.
  const removedRef = useRef<{ id: number; index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Once the row is gone and the dialog closed (the page behind a dialog cannot take focus):
  // before paint, in the same task, so focus never rests on <body> in between.
  useLayoutEffect(() => {
    const removed = removedRef.current;
    if (!removed || removing !== null || players?.some((p) => p.id === removed.id)) return;
    removedRef.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>("button[data-remove]") ?? [];
    focusElement(buttons[Math.min(removed.index, buttons.length - 1)] ?? headingRef.current);
  }, [players, removing]);

  function closeDialogs() {
    setDeleteOpen(false);
    setRemoving(null);
    setTransferOpen(false);
    setFailure(null);
  }

  async function onTransfer() {
    const target = others.find((p) => p.id === transferTo);
    if (!target) {
      setFailure("Choose the member who takes over.");
      return;
    }
    try {
      await transfer.mutateAsync({ id: challenge.id, userId: target.id });
      closeDialogs();
      toast({ title: "Challenge Handed Over", description: `${target.displayName} now runs ${challenge.name}.` });
    } catch (error) {
      setFailure(errorMessage(error, "Something went wrong. Please try again."));
    }
  }

  async function onDelete() {
    try {
      await deleteChallenge.mutateAsync({ id: challenge.id });
      setDeleteOpen(false);
      toast({ title: "Challenge Deleted", description: `${challenge.name} has been deleted.` });
      await navigate("/challenges", { replace: true });
      forgetChallenge(challenge.id);
    } catch (error) {
      const message = errorMessage(error, "Something went wrong. Please try again.");
      setFailure(message);
      toast({ title: "Delete Failed", description: message, variant: "destructive" });
    }
  }

  async function onRemove() {
    if (!removing) return;
    // Noted first: the list may refresh (and drop the row) before the mutation settles.
    removedRef.current = {
      id: removing.id,
      index: (players ?? [])
        .filter((p) => !p.isCreator && p.id !== currentUserId)
        .findIndex((p) => p.id === removing.id),
    };
    try {
      await removePlayer.mutateAsync({ id: challenge.id, userId: removing.id });
      toast({ title: "Player Removed", description: `${removing.displayName} has been removed from the challenge.` });
      closeDialogs();
    } catch {
      removedRef.current = null;
      setFailure("Failed to remove player. Please try again.");
      toast({
        title: "Remove Failed",
        description: "Failed to remove player. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby="creator-controls-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="creator-controls-title" className="card-title text-lg">
            Creator Controls
          </h2>
          <p className="mt-1 text-sm text-base-content/70">Only you, as the creator, see these.</p>
        </div>
        <div className="flex flex-col gap-2">
          <Link to={`/challenges/${challenge.id}/edit`} className="btn btn-outline btn-primary">
            <PencilIcon />
            Edit Challenge
          </Link>
          <button
            type="button"
            className="btn btn-outline"
            disabled={others.length === 0}
            onClick={() => {
              setTransferTo(others[0]?.id ?? null);
              setTransferOpen(true);
            }}
          >
            <CrownIcon />
            Hand Over Challenge
          </button>
          <button type="button" className="btn btn-outline btn-error" onClick={() => setDeleteOpen(true)}>
            <TrashIcon />
            Delete Challenge
          </button>
        </div>

        <div>
          <h3 ref={headingRef} className="mb-2 text-sm font-semibold outline-none">
            Players {players ? <span className="font-normal text-base-content/60">({players.length})</span> : null}
          </h3>
          {playersLoading && !players ? (
            <p className="text-sm text-base-content/70">Loading players...</p>
          ) : (
            <ul ref={listRef} className="flex flex-col divide-y divide-base-300" aria-label="Players">
              {(players ?? []).map((player) => {
                const removable = !player.isCreator && player.id !== currentUserId;
                return (
                  // Name column grows; the badge and the Remove button line up in a column at the end.
                  <li key={player.id} className="flex items-center gap-3 py-2">
                    <Avatar name={player.displayName} src={player.profilePicture} size="sm" />
                    <div className="min-w-0 flex-1">
                      <p className="wrap-anywhere font-medium">
                        {player.displayName}
                        {player.id === currentUserId && <span className="ml-1 text-base-content/60">(You)</span>}
                      </p>
                      <p className="wrap-anywhere text-xs text-base-content/60">@{player.username}</p>
                    </div>
                    {player.isCreator && <span className="badge badge-primary badge-sm">Creator</span>}
                    {removable && (
                      <button
                        type="button"
                        className="btn btn-ghost min-h-11 min-w-11 text-error"
                        aria-label={`Remove ${player.displayName}`}
                        data-remove=""
                        onClick={() => setRemoving(player)}
                      >
                        <UserMinusIcon />
                        <span className="hidden sm:inline">Remove</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>

      <Dialog
        open={deleteOpen}
        onClose={closeDialogs}
        title="Are you absolutely sure?"
        description={`This permanently deletes "${challenge.name}" together with every player's birdies and the chat. This action cannot be undone.`}
      >
        <DialogFailure message={failure} />
        <ConfirmActions
          tone="danger"
          confirmLabel="Delete Challenge"
          pendingLabel="Deleting..."
          pending={deleteChallenge.isPending}
          onCancel={closeDialogs}
          onConfirm={() => void onDelete()}
        />
      </Dialog>

      <Dialog
        open={transferOpen}
        onClose={closeDialogs}
        title="Hand over this challenge?"
        description="The member you choose becomes the creator, with every creator right. You stay in the challenge as a player."
      >
        <label className="flex flex-col gap-1.5 text-sm font-medium" htmlFor="transfer-to">
          New creator
          <select
            id="transfer-to"
            className="select w-full"
            value={transferTo ?? ""}
            onChange={(e) => setTransferTo(Number(e.target.value))}
          >
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName} (@{p.username})
              </option>
            ))}
          </select>
        </label>
        <DialogFailure message={failure} />
        <ConfirmActions
          confirmLabel="Hand Over"
          pendingLabel="Handing over..."
          pending={transfer.isPending}
          onCancel={closeDialogs}
          onConfirm={() => void onTransfer()}
        />
      </Dialog>

      <Dialog
        open={removing !== null}
        onClose={closeDialogs}
        title={`Remove ${removing?.displayName ?? "player"}?`}
        description="All of their birdies in this challenge will be deleted as well. This cannot be undone."
      >
        <DialogFailure message={failure} />
        <ConfirmActions
          tone="danger"
          confirmLabel="Remove Player"
          pendingLabel="Removing..."
          pending={removePlayer.isPending}
          onCancel={closeDialogs}
          onConfirm={() => void onRemove()}
        />
      </Dialog>
    </section>
  );
}

/** A refused action, written inside its confirmation (which stays open to try again). */
function DialogFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}
