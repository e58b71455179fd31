// What other features may call of the challenges feature besides access.ts and queries.ts.
export { getChallenge, listUserChallenges } from "./views";
export { handOverChallenge } from "./commands";
