import { forwardRef, useState } from "react";
import { groupPin } from "../../../../shared/domain/invite-codes";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { CopyIcon, QrCodeIcon, RefreshIcon, ShareIcon } from "../../../components/ui/icons";
import { CheckIcon } from "../../../components/ui/icons";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";
import { absoluteUrl, canNativeShare, nativeShare } from "../../../lib/clipboard";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { COPY_FAILED, useCopyAction } from "../../../lib/use-copy-action";
import { useRegenerateInvite } from "../hooks/use-challenges";
import { InviteByEmail } from "./invite-by-email";
import { InviteQr } from "./invite-qr";

type InviteCardProps = {
  challenge: ChallengeListItem;
  highlighted: boolean;
  /** Just created: the card leads the page, says so, and shows the QR code at once. */
  created?: boolean;
};

/**
 * The invite link and PIN with copy and share
 * (docs/product/routes-and-screens.md#challenge-detail); the creator can issue new ones.
 */
export const InviteCard = forwardRef<HTMLElement, InviteCardProps>(function InviteCard(
  { challenge, highlighted, created = false },
  ref,
) {
  const [qrOpen, setQrOpen] = useState(created);
  const link = absoluteUrl(challenge.inviteLink);
  const linkCopy = useCopyAction("Link Copied!", "Send it to your golf buddies so they can join.");
  const pinCopy = useCopyAction("PIN Copied!", "Friends can enter it on the Join Challenge page.");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [regenerateFailure, setRegenerateFailure] = useState<string | null>(null);
  const regenerate = useRegenerateInvite();

  async function share() {
    const outcome = await nativeShare({
      title: challenge.name,
      text: `Join my Birdie Challenge "${challenge.name}". PIN: ${groupPin(challenge.invitePin)}`,
      url: link,
    });
    // No share sheet after all (or it failed): copying is the next best thing.
    if (outcome === "unavailable") await linkCopy.copy(link);
  }

  async function onRegenerate() {
    setRegenerateFailure(null);
    try {
      await regenerate.mutateAsync({ id: challenge.id });
      setConfirmOpen(false);
      toast({ title: "Invite Codes Updated", description: "The old link and PIN no longer work." });
    } catch (error) {
      const message = errorMessage(error, "Something went wrong. Please try again.");
      setRegenerateFailure(message);
      toast({ title: "Update Failed", description: message, variant: "destructive" });
    }
  }

  return (
    <section
      ref={ref}
      id="invite"
      tabIndex={-1}
      aria-labelledby="invite-card-title"
      className={`card border bg-base-100 shadow-sm outline-none transition-all duration-500 ${
        highlighted ? "border-primary ring-4 ring-primary/30" : "border-base-300"
      }`}
    >
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="invite-card-title" className="card-title text-lg">
            {created ? "Your challenge is ready: invite your friends" : "Invite Friends"}
          </h2>
          <p className="mt-1 text-sm text-base-content/70">
            Share the link, read out the PIN for the Join Challenge page, or let friends scan the QR code.
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-link" className="text-sm font-medium">
            Invite link
          </label>
          <div className="join w-full">
            <input
              id="invite-link"
              readOnly
              value={link}
              className="input join-item w-full min-w-0 font-mono text-xs"
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="btn btn-primary join-item"
              // The copied state is part of the name, not only of the picture (WCAG 4.1.2).
              aria-label={linkCopy.copied ? "Link copied" : "Copy link"}
              onClick={() => void linkCopy.copy(link)}
            >
              {linkCopy.copied ? <CheckIcon /> : <CopyIcon />}
              <span className="hidden sm:inline">{linkCopy.copied ? "Copied" : "Copy"}</span>
            </button>
          </div>
        </div>

        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium" id="invite-pin-label">
            PIN
          </span>
          {/* Wraps (between the PIN's groups, then before the button) rather than leaving the screen. */}
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200 px-4 py-3">
            <span data-testid="invite-pin" className="min-w-0 break-words font-mono text-xl font-bold tracking-wider">
              {groupPin(challenge.invitePin)}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={pinCopy.copied ? "PIN copied" : "Copy PIN"}
              onClick={() => void pinCopy.copy(challenge.invitePin)}
            >
              {pinCopy.copied ? <CheckIcon /> : <CopyIcon />}
              {pinCopy.copied ? "Copied" : "Copy"}
            </button>
          </div>
        </div>

        {(linkCopy.failed || pinCopy.failed) && (
          <p role="alert" className="text-sm text-error">
            {COPY_FAILED.title}: {COPY_FAILED.description}. Select the text and copy it yourself.
          </p>
        )}

        {qrOpen && <InviteQr link={link} />}

        <InviteByEmail challengeId={challenge.id} />

        <div className="flex flex-col gap-2">
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={qrOpen}
            onClick={() => setQrOpen((open) => !open)}
          >
            <QrCodeIcon />
            {qrOpen ? "Hide QR code" : "Show QR code"}
          </button>
          {canNativeShare() && (
            <button type="button" className="btn btn-outline btn-primary" onClick={() => void share()}>
              <ShareIcon />
              Share
            </button>
          )}
          {challenge.isCreator && (
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmOpen(true)}>
              <RefreshIcon />
              New link and PIN
            </button>
          )}
        </div>
      </div>

      <Dialog
        open={confirmOpen}
        onClose={() => {
          setConfirmOpen(false);
          setRegenerateFailure(null);
        }}
        title="Generate a new link and PIN?"
        description="The current invite link and PIN stop working at once. Players already in the challenge stay in."
      >
        {regenerateFailure && (
          <p role="alert" className="text-sm text-error">
            Update Failed: {regenerateFailure}
          </p>
        )}
        <ConfirmActions
          confirmLabel="Generate new codes"
          pending={regenerate.isPending}
          onCancel={() => setConfirmOpen(false)}
          onConfirm={() => void onRegenerate()}
        />
      </Dialog>
    </section>
  );
});
