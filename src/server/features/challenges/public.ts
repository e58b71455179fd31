// What other features may call of the challenges feature besides access.ts and queries.ts.
export { listUserChallenges } from "./views";
export { handOverChallenge } from "./commands";
