import { useState } from "react";
import { useNavigate } from "../../../lib/router";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { LeaveIcon } from "../../../components/ui/icons";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useForgetChallenge, useLeaveChallenge } from "../hooks/use-challenges";

/**
 * A player's way out (docs/product/rules.md#leaving-and-handing-over): after a confirmation their
 * records in the challenge are deleted and they return to My Challenges. The creator hands the
 * challenge over first (Creator Controls), so this card is for other players only.
 */
export function LeaveChallengeCard({ challenge }: { challenge: ChallengeListItem }) {
  const navigate = useNavigate();
  const leave = useLeaveChallenge();
  const forget = useForgetChallenge();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onLeave() {
    setFailure(null);
    try {
      await leave.mutateAsync({ id: challenge.id });
      setOpen(false);
      toast({ title: "You left the challenge", description: `You are no longer playing in ${challenge.name}.` });
      await navigate("/challenges", { replace: true });
      forget(challenge.id);
    } catch (error) {
      setFailure(errorMessage(error, "Something went wrong. Please try again."));
    }
  }

  return (
    <section aria-labelledby="leave-challenge-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <h2 id="leave-challenge-title" className="card-title text-lg">
          Leave Challenge
        </h2>
        <p className="text-sm text-base-content/70">
          Leaving deletes your birdies in this challenge. You can join again later with the link or PIN.
        </p>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setOpen(true)}>
          <LeaveIcon />
          Leave Challenge
        </button>
      </div>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setFailure(null);
        }}
        title={`Leave ${challenge.name}?`}
        description="All of your birdies in this challenge will be deleted and the other players will see that you left. This cannot be undone."
      >
        {failure && (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        )}
        <ConfirmActions
          tone="danger"
          confirmLabel="Leave Challenge"
          pendingLabel="Leaving..."
          pending={leave.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() => void onLeave()}
        />
      </Dialog>
    </section>
  );
}
