// What other features may use from leaderboards.

/** The challenge detail page's Leaderboard tab and its top-three podium. */
export { ChallengeLeaderboardTab } from "./components/challenge-leaderboard-tab";
export { TopPlayers } from "./components/top-players";
/** The dashboard widget shows the same challenge board, with the same player names. */
export { useChallengeLeaderboard, useChallengeLeaderboardTop } from "./hooks/use-leaderboards";
/** Points and holes, as every ranked row shows them. */
export { BoardFigures } from "./components/board-figures";
export { handicapText, playerName, realName } from "./lib/player-name";
/** Providers seed the board a board page's HTML carries (ADR 0074). */
export { seedEarlyBoard } from "./lib/early-load";
