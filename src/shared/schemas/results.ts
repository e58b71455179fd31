/** One hole of a challenge on the detail page (docs/product/api.md#get-apichallengesidholes). */
export type HoleLegend = {
  holeNumber: number;
  /** The first golfer to birdie (or eagle) the hole, by date played, then by when it was entered. */
  firstBy: { userId: number; displayName: string; date: string } | null;
  /** Counted records on the hole, by type. */
  birdies: number;
  eagles: number;
};
