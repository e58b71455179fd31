/** "1 pt", "3 pts": a points value as the scoring legends show it. */
export function pointsText(points: number): string {
  return `${points} ${points === 1 ? "pt" : "pts"}`;
}
