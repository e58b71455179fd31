import type { Db } from "../db/client";
import { RateLimiter } from "./rate-limit";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type Limits = ReturnType<typeof createLimits>;

/**
 * Every rate limit of the app, counted in the shared database (ADR 0002, ADR 0016). `scale`
 * (RATE_LIMIT_SCALE) multiplies every limit: tests and benchmarks that act for many users from one
 * address raise it; production keeps 1.
 */
export function createLimits(db: Db, scale = 1, clock?: () => number) {
  const rule = (name: string, base: number, windowMs: number) =>
    new RateLimiter(db, { name, limit: Math.max(1, Math.round(base * scale)), windowMs }, clock);
  return {
    // ---- Sign-in (ADR 0016: who can be locked out by whom) ----
    /** Every sign-in attempt from one address: stops spraying many usernames. */
    loginPerAddress: rule("login:address", 30, 15 * MINUTE),
    /**
     * Sign-ins to one account from one address, cleared by the right password (so: wrong ones).
     * Stops a guesser there without touching the owner elsewhere.
     */
    loginFailuresPerAddressAndUsername: rule("login-failure:address+username", 5, 15 * MINUTE),
    /** Wrong passwords for one account from anywhere: past this, sign-ins to it are slowed, never refused. */
    loginFailuresPerUsername: rule("login-failure:username", 10, 15 * MINUTE),
    /** Addresses the account signed in from lately: an attack on the account never slows these. */
    loginSuccessPerAddressAndUsername: rule("login-success:address+username", 1, 30 * DAY),
    /** Wrong current passwords on the password form: a borrowed session cannot guess the password. */
    passwordChangeFailuresPerUser: rule("password-change-failure:user", 5, 15 * MINUTE),
    /** Every sign-up attempt from one address, refused ones too: taken names and e-mails cannot be probed. */
    signUpPerAddress: rule("sign-up:address", 10, 60 * MINUTE),

    // ---- Mailed links (ADR 0035) ----
    /** Password-reset requests from one address, found or not: 429 past it. */
    passwordResetPerAddress: rule("password-reset:address", 10, 60 * MINUTE),
    /** Reset mails to one account: past it the request answers the same, and no more mail goes. */
    passwordResetPerAccount: rule("password-reset:account", 3, 60 * MINUTE),
    /** Confirmation mails a signed-in golfer asks for (resend, change of address). */
    emailConfirmationPerUser: rule("email-confirmation:user", 5, 60 * MINUTE),
    /** Invitation mails sent from the invite card (each request takes up to 10 addresses). */
    inviteEmailsPerUser: rule("invite-email:user", 10, 60 * MINUTE),

    // ---- Invites ----
    /** PIN look-ups, found or not: a 10-character PIN is not guessable, but keep scanning slow. */
    pinLookupPerAddress: rule("pin-lookup:address", 30, 15 * MINUTE),
    pinLookupPerUser: rule("pin-lookup:user", 30, 15 * MINUTE),
    inviteRegenerationPerUser: rule("invite-regeneration:user", 10, 60 * MINUTE),

    // ---- Things a signed-in user creates ----
    chatMessagesPerUser: rule("chat-message:user", 30, MINUTE),
    courseCreationPerUser: rule("course-creation:user", 20, 60 * MINUTE),
    challengeCreationPerUser: rule("challenge-creation:user", 20, 60 * MINUTE),
    /** Support requests per signed-in user (or per address when signed out): stops inbox floods. */
    supportPerSender: rule("support:sender", 5, 60 * MINUTE),
    /** Partner look-ups by username (one per keystroke, debounced): stops walking the user list. */
    golferSearchPerUser: rule("golfer-search:user", 60, MINUTE),
  };
}
