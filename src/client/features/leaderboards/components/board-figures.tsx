import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import { pluralForm } from "../../../../shared/domain/plural";

/**
 * What a ranked row shows beside the name (docs/product/rules.md#challenge-boards): the points it
 * is ranked by, then the holes birdied, so the order reads right.
 */
export function BoardFigures({ points, holes }: { points: number; holes: number }) {
  return (
    <span className="ml-auto shrink-0 text-right" data-testid="board-figures">
      <span className="block text-sm font-semibold">
        {points} {pluralForm(points, "pt", "pts")}
      </span>
      <span className="block text-xs text-base-content/70">
        {holes}/{HOLES_PER_CHALLENGE} {pluralForm(holes, "hole", "holes")}
      </span>
    </span>
  );
}
