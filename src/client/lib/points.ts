import { pluralForm } from "../../shared/domain/plural";

/** "1 pt", "3 pts": a points value as the scoring legends show it. */
export function pointsText(points: number): string {
  return `${points} ${pluralForm(points, "pt", "pts")}`;
}
