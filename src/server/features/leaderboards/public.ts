// What other features use of the leaderboards (the dashboard shows the current board's top).
export { boardTopOfMember } from "./service";
