// What other features use of the leaderboards (the dashboard shows the current board's top; the
// boards' pages carry their board in their HTML, src/server/page-extras.ts).
export { boardTopOfMember, challengeLeaderboard, globalLeaderboard } from "./service";
