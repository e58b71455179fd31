import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import type { Achievement } from "../../../../shared/schemas/achievements";
import { recordedSummaryText } from "../../../../shared/domain/scoring";
import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { errorMessage, httpStatusOf, isNetworkError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { queueRound } from "../../offline/public";
import { useRecordRound } from "./use-birdies";

// Toasts (docs/product/routes-and-screens.md#toasts): one is visible at a time, so earned
// achievements follow the success toast one after another instead of replacing it at once.
const ACHIEVEMENT_TOAST_GAP_MS = 2500;

function announceAchievements(achievements: readonly Achievement[]) {
  achievements.forEach((achievement, index) => {
    setTimeout(
      () => toast({ title: `Achievement Unlocked: ${achievement.name}`, description: achievement.description }),
      ACHIEVEMENT_TOAST_GAP_MS * (index + 1),
    );
  });
}

type RecordedRound = Awaited<ReturnType<ReturnType<typeof useRecordRound>["mutateAsync"]>>;

/**
 * How a verified round ended: recorded (with the server's answer), kept on the device, or refused
 * and why (`clash` when a hole was taken meanwhile: 409).
 */
export type SubmitOutcome =
  | { saved: true; result: RecordedRound }
  | { saved: true; result: null }
  | { saved: false; message: string; clash: boolean };

/**
 * Sends a verified round (docs/product/routes-and-screens.md#record-birdies): online it is recorded at once with its toasts and the 500 ms
 * refresh; with no connection (or none answering) it waits in the offline outbox. Every outcome
 * raises its toast here; the form resets, or goes back a step and writes the refusal in the form
 * (a toast alone would be the only, short-lived copy of the error).
 */
export function useSubmitRound() {
  const recordRound = useRecordRound();
  const refresh = useRefreshAfterRecordChange();

  // Golf courses have dead spots: with no connection the verified round waits on the device.
  async function saveOffline(input: RecordRoundInput) {
    await queueRound(input);
    toast({ title: "Saved offline", description: "Your round will be sent when you are back online." });
  }

  async function submit(input: RecordRoundInput): Promise<SubmitOutcome> {
    if (!navigator.onLine) {
      try {
        await saveOffline(input);
        return { saved: true, result: null };
      } catch {
        // The device could not store it: try the network after all.
      }
    }
    try {
      const result = await recordRound.mutateAsync(input);
      toast({ title: "Success!", description: recordedSummaryText(result.birdies, result.eagles) });
      announceAchievements(result.newAchievements ?? []);
      void refresh();
      return { saved: true, result };
    } catch (error) {
      if (isNetworkError(error)) {
        try {
          await saveOffline(input);
          return { saved: true, result: null };
        } catch {
          // Fall through to the error toast.
        }
      }
      const message = errorMessage(error, "There was an error recording your birdies.");
      toast({ title: "Error Recording Birdies", description: message, variant: "destructive" });
      return { saved: false, message, clash: httpStatusOf(error) === 409 };
    }
  }

  return { submit, isPending: recordRound.isPending };
}
