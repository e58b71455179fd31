// Placeholder while the real component is written (birdies/leaderboards engineer).
export function TopPlayers(_props: { challengeId: number }) {
  return null;
}
