export const HOLES_PER_CHALLENGE = 18;

/** Progress percent = distinct holes birdied or better / 18, rounded (docs/product/rules.md#progress). */
export function progressPercent(distinctHoles: number): number {
  const holes = Math.min(HOLES_PER_CHALLENGE, Math.max(0, Math.floor(distinctHoles)));
  return Math.round((holes / HOLES_PER_CHALLENGE) * 100);
}
