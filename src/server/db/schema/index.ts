// The full schema, for drizzle's typed client and drizzle-kit. Each feature owns one file.
export * from "./users";
export * from "./challenges";
export * from "./profile";
export * from "./support";
export * from "./birdies";
export * from "./achievements";
export * from "./leaderboards";
export * from "./chat";
export * from "./admin";
export * from "./rate-limits";
export * from "./jobs";
export * from "./notifications";
export * from "./account-tokens";
export * from "./push";
export * from "./fairplay";
export * from "./results";
