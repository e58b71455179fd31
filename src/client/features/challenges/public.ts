// What the app shell uses of the challenges feature (its pages are loaded by the router).
/** main.tsx and Providers: a challenge's page opened from the address bar loads its data early. */
export { prefetchEarlyChallenge, seedEarlyChallengeList, startChallengeLoad } from "./lib/early-load";
