// Invite PINs and link codes (docs/product/rules.md#invites). Generation uses the platform CSPRNG,
// which both Bun and browsers expose as globalThis.crypto.

/** A-Z and 2-9 without I, O, 0 and 1: nothing a golfer can misread when a friend reads it out. */
export const PIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const PIN_LENGTH = 10;
/** The PIN form refuses fewer characters than this, and accepts at most PIN_INPUT_MAX. */
export const PIN_MIN_INPUT = 6;
export const PIN_INPUT_MAX = 12;

const URL_SAFE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** 16 characters of a 64-letter alphabet: 96 bits, far past guessing. */
export const INVITE_CODE_LENGTH = 16;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{12,64}$/;

type RandomBytes = (n: number) => Uint8Array;
const cryptoBytes: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

// Both alphabets have a power-of-two size (32 and 64), so masking a random byte is unbiased.
function randomString(alphabet: string, length: number, bytes: RandomBytes): string {
  const mask = alphabet.length - 1;
  let out = "";
  for (const b of bytes(length)) out += alphabet[b & mask];
  return out;
}

export function generateInvitePin(bytes: RandomBytes = cryptoBytes): string {
  return randomString(PIN_ALPHABET, PIN_LENGTH, bytes);
}

export function generateInviteCode(bytes: RandomBytes = cryptoBytes): string {
  return randomString(URL_SAFE_ALPHABET, INVITE_CODE_LENGTH, bytes);
}

/** What a typed PIN means: upper case, with spaces, dashes and anything else non-alphanumeric dropped. */
export function normalisePin(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** True when a normalised PIN could have been issued (so a look-up is worth a query). */
export function isWellFormedPin(normalised: string): boolean {
  if (normalised.length !== PIN_LENGTH) return false;
  for (const ch of normalised) if (!PIN_ALPHABET.includes(ch)) return false;
  return true;
}

/** "ABC DEF GHI J": how the PIN input and the invite card show a PIN. */
export function groupPin(pin: string, separator = " "): string {
  return (pin.match(/.{1,3}/g) ?? []).join(separator);
}

export function inviteLinkPath(inviteCode: string): string {
  return `/join-challenge/${inviteCode}`;
}
