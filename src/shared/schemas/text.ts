import type { z } from "zod";

// Free text other golfers read as a name or a message (display names, course, challenge and
// partner names, chat). One spelling per text (NFC, so "é" typed two ways is one name), no text
// that renders as nothing, and no characters that reorder what is shown after them (the "Trojan
// Source" trick: U+202E makes "Bob\u202Enimda" display as "Bobadmin"). Zero-width joiners and
// non-joiners inside visible text stay: emoji sequences and several scripts need them.

/**
 * The explicit directional formatting characters of UAX #9: embeddings and overrides
 * (U+202A-U+202E) and isolates (U+2066-U+2069). The implicit marks (LRM, RLM, ALM) stay allowed:
 * right-to-left writers use them, and they cannot reorder text, only nudge neutral characters.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that show nothing: white space, the default-ignorable code points (zero-width
 * space and joiners, word joiner, BOM, soft hyphen, Hangul fillers, variation selectors, tags),
 * control characters and the blank Braille pattern, a favourite for "empty" names.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\u2800]*$/u;

/**
 * A UTF-16 surrogate with no partner. JSON.stringify keeps one as a "\\udfff" escape that
 * PostgreSQL's jsonb refuses (so an audit entry or job carrying it failed the whole request), and
 * UTF-8 cannot encode it (a text column would get U+FFFD anyway, silently).
 */
const LONE_SURROGATE = /\p{Cs}/gu;

/** `text` with each lone surrogate replaced by U+FFFD, as a UTF-8 encoder would store it. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, "\uFFFD");

export const hasDirectionControls = (text: string): boolean => DIRECTION_CONTROLS.test(text);

/** True when nothing in `text` would be seen ("" included). */
export const isInvisible = (text: string): boolean => INVISIBLE_ONLY.test(text);

export const directionControlsMessage = (label: string) => `${label} cannot contain text direction control characters`;

/**
 * Adds the rule to a string schema: well-formed (lone surrogates become U+FFFD), NFC, trimmed, no direction controls, and text made only of
 * invisible characters refused with `blankMessage` (the field's own "required"/"empty" message of
 * docs/product/texts-and-messages.md#validation-messages-from-the-shared-schemas:
 * to a reader such text is blank). Length checks chained after it count the normalised text.
 */
export function readableText(base: z.ZodString, label: string, blankMessage: string): z.ZodString {
  return base
    .overwrite(wellFormed)
    .normalize("NFC")
    .trim()
    .refine((v) => !hasDirectionControls(v), directionControlsMessage(label))
    .refine((v) => v === "" || !isInvisible(v), blankMessage);
}
