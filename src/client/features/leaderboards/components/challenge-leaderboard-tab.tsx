// Placeholder while the real component is written (birdies/leaderboards engineer).
export function ChallengeLeaderboardTab(_props: { challengeId: number }) {
  return null;
}
