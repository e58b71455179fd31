import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ChallengeListItem, ChallengePlayer } from "../../../../shared/schemas/challenges";
import { PencilIcon, TrashIcon, UserMinusIcon } from "../../../components/ui/icons";
import { Avatar } from "../../../components/ui/avatar";
import { Dialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useDeleteChallenge, useForgetChallenge, useRemovePlayer } from "../hooks/use-challenges";

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

  async function onDelete() {
    try {
      await deleteChallenge.mutateAsync({ id: challenge.id });
      setDeleteOpen(false);
      toast({ title: "Challenge Deleted", description: `${challenge.name} has been deleted.` });
      await navigate("/challenges", { replace: true });
      forgetChallenge(challenge.id);
    } catch (error) {
      toast({
        title: "Delete Failed",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
    }
  }

  async function onRemove() {
    if (!removing) return;
    try {
      await removePlayer.mutateAsync({ id: challenge.id, userId: removing.id });
      toast({ title: "Player Removed", description: `${removing.displayName} has been removed from the challenge.` });
      setRemoving(null);
    } catch {
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
          <button type="button" className="btn btn-outline btn-error" onClick={() => setDeleteOpen(true)}>
            <TrashIcon />
            Delete Challenge
          </button>
        </div>

        <div>
          <h3 className="mb-2 text-sm font-semibold">
            Players {players ? <span className="font-normal text-base-content/60">({players.length})</span> : null}
          </h3>
          {playersLoading && !players ? (
            <p className="text-sm text-base-content/70">Loading players...</p>
          ) : (
            <ul className="flex flex-col divide-y divide-base-300" aria-label="Players">
              {(players ?? []).map((player) => {
                const removable = !player.isCreator && player.id !== currentUserId;
                return (
                  <li key={player.id} className="flex items-center gap-3 py-2">
                    <Avatar name={player.displayName} src={player.profilePicture} size="sm" />
                    <div className="min-w-0">
                      <p className="truncate font-medium">
                        {player.displayName}
                        {player.id === currentUserId && <span className="ml-1 text-base-content/60">(You)</span>}
                      </p>
                      <p className="truncate text-xs text-base-content/60">@{player.username}</p>
                    </div>
                    {player.isCreator && <span className="badge badge-primary badge-sm">Creator</span>}
                    {removable && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-error"
                        aria-label={`Remove ${player.displayName}`}
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
        onClose={() => setDeleteOpen(false)}
        title="Are you absolutely sure?"
        description={`This permanently deletes "${challenge.name}" together with every player's birdies and the chat. This action cannot be undone.`}
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setDeleteOpen(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={deleteChallenge.isPending}
            onClick={() => void onDelete()}
          >
            {deleteChallenge.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {deleteChallenge.isPending ? "Deleting..." : "Delete Challenge"}
          </button>
        </div>
      </Dialog>

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.displayName ?? "player"}?`}
        description="All of their birdies in this challenge will be deleted as well. This cannot be undone."
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setRemoving(null)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={removePlayer.isPending}
            onClick={() => void onRemove()}
          >
            {removePlayer.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {removePlayer.isPending ? "Removing..." : "Remove Player"}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
