import { groupPin, INVITE_CODE_PATTERN, normalisePin, PIN_INPUT_MAX } from "../../../../shared/domain/invite-codes";

// Pure pieces of the invite and PIN flows (docs/product/routes-and-screens.md#join-by-pin,
// docs/product/routes-and-screens.md#invite-join).

export const JOIN_DELAY_MS = 500;
export const NAVIGATE_AFTER_JOIN_MS = 1000;
export const PIN_REDIRECT_MS = 500;
export const INVITE_REDIRECT_MS = 1500;

/** What the PIN box keeps (at most 12 letters and digits, upper case) and what it shows (groups of three). */
export function pinFieldValue(typed: string): { pin: string; display: string } {
  const pin = normalisePin(typed).slice(0, PIN_INPUT_MAX);
  return { pin, display: groupPin(pin) };
}

/** The longest text the grouped PIN box can hold: 12 characters plus a space between each group. */
export const PIN_DISPLAY_MAX = PIN_INPUT_MAX + Math.ceil(PIN_INPUT_MAX / 3) - 1;

/** The challenge id in a 409 'Already joined challenge {id}', or null when the message is another. */
export function alreadyJoinedChallengeId(message: string): number | null {
  const m = /Already joined challenge (\d+)/i.exec(message);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const isAlreadyJoinedMessage = (message: string) => /already joined/i.test(message);

/** An invite code that could have been issued; anything else is an invalid link. */
export const isWellFormedInviteCode = (code: string) => INVITE_CODE_PATTERN.test(code);

/**
 * `/auth?redirect={path}` with the path readable as the docs write it
 * (docs/product/routes-and-screens.md#invite-join: slashes kept) but every other special character
 * escaped, so a crafted code cannot add query parameters.
 */
export function authUrlFor(path: string, extra: Record<string, string> = {}): string {
  const redirect = encodeURIComponent(path).replace(/%2F/gi, "/");
  const rest = Object.entries(extra)
    .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("");
  return `/auth?redirect=${redirect}${rest}`;
}
