import { useState } from "react";
import { DownloadIcon, ShareIcon } from "../../../components/ui/icons";
import { toast } from "../../../lib/toast";

/** The share card's address (GET /api/challenges/{id}/results/card.png, ADR 0042). */
export const cardUrl = (challengeId: number) => `/api/challenges/${challengeId}/results/card.png`;

/**
 * Shares the results card as an image file where the device's share sheet takes files (Web Share
 * API level 2, most phones); elsewhere the same button downloads it. A plain Download link is
 * always there too.
 */
export function ShareResults({ challengeId, challengeName }: { challengeId: number; challengeName: string }) {
  const [busy, setBusy] = useState(false);
  const fileName = `challenge-${challengeId}-results.png`;

  async function share() {
    setBusy(true);
    try {
      const res = await fetch(cardUrl(challengeId), { credentials: "same-origin" });
      if (!res.ok) throw new Error(`card ${res.status}`);
      const blob = await res.blob();
      const file = new File([blob], fileName, { type: "image/png" });
      const data = { files: [file], title: `${challengeName}: final results`, text: `${challengeName}: final results` };
      if (typeof navigator.canShare === "function" && navigator.canShare(data)) {
        await navigator.share(data);
        return;
      }
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: "Results card downloaded", description: fileName });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast({ title: "Could not share the results card", description: "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-primary h-auto min-h-11 max-w-full whitespace-normal"
        onClick={share}
        disabled={busy}
      >
        <ShareIcon />
        Share results card
      </button>
      <a
        className="btn btn-outline h-auto min-h-11 max-w-full whitespace-normal"
        href={cardUrl(challengeId)}
        download={fileName}
      >
        <DownloadIcon />
        Download card
      </a>
    </div>
  );
}
