import { RateLimiter } from "../../lib/rate-limit";

const MINUTE = 60_000;

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/**
 * Guessing limits for sign-in and sign-up. `scale` multiplies every limit (tests and benchmarks
 * that sign in many users from one address raise it; production keeps 1).
 */
export function createAuthLimits(scale = 1) {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    /** Failed logins for one username, from anywhere: stops password guessing on an account. */
    loginFailuresPerUsername: new RateLimiter(n(5), 15 * MINUTE),
    /** All logins from one address: stops spraying many usernames. */
    loginPerIp: new RateLimiter(n(30), 15 * MINUTE),
    registerPerIp: new RateLimiter(n(10), 60 * MINUTE),
    /** PIN look-ups per address: a 10-character PIN is not guessable, but keep scanning slow. */
    pinLookupPerIp: new RateLimiter(n(30), 15 * MINUTE),
    /** Support requests per signed-in user (or per address when signed out): stops inbox floods. */
    supportPerSender: new RateLimiter(n(5), 60 * MINUTE),
  };
}
