// Placeholder while the real component is written (birdies/leaderboards engineer).
export function YourProgress(_props: { challengeId: number }) {
  return null;
}
