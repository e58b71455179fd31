// Placeholder while the real component is written (birdies/leaderboards engineer).
export function EditBirdies(_props: { challengeId: number }) {
  return null;
}
