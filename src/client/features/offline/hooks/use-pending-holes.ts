import { useMemo } from "react";
import type { RecordType } from "../../../../shared/domain/scoring";
import { usePendingRounds } from "../lib/outbox";
import { pendingHolesOf } from "../lib/outbox-core";

/**
 * The holes of the golfer's rounds still waiting on this device for one challenge (an eagle wins
 * over a birdie on the same hole): the challenge grids show them as waiting to sync
 * (docs/product/routes-and-screens.md#hole-status-grid). Refused rounds are not waiting: they
 * went back to the record form as drafts.
 */
export function usePendingHoles(challengeId: number | null | undefined): ReadonlyMap<number, RecordType> {
  const { entries } = usePendingRounds();
  return useMemo(() => pendingHolesOf(entries, challengeId ?? null), [entries, challengeId]);
}
