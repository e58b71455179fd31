import { useCallback } from "react";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import { trpc } from "../../../lib/trpc";
import { restoreRefusedRound } from "../lib/refused-round";

/**
 * For the offline outbox (wired by the signed-in layout): puts a round the server refused back on
 * its challenge's record page as a draft with the reason, answering that page, or null. The
 * challenges are those last loaded (this may run with no signal).
 */
export function useRefusedRoundRestorer() {
  const utils = trpc.useUtils();
  return useCallback(
    (userId: number, input: RecordRoundInput, refusal: string) =>
      restoreRefusedRound(userId, input, refusal, utils.challenges.list.getData()),
    [utils],
  );
}
