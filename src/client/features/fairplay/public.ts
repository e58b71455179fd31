// What other features may use from fairplay.

/** The creator's fair-play flags on the challenge detail page. */
export { FairPlayFlagsCard } from "./components/fair-play-flags-card";
