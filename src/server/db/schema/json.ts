import { customType } from "drizzle-orm/pg-core";

// A jsonb column that never refuses what a golfer typed. JSON.stringify writes a lone UTF-16
// surrogate (half of an emoji, or junk) as a "\udfff" escape, and PostgreSQL's jsonb input refuses
// such an escape: the insert failed and the request with it (a 500). Text columns never had the
// problem (UTF-8 encoding turns the surrogate into U+FFFD on the way), so jsonb strings get the same
// U+FFFD here, in the one place every jsonb write passes. Reading is drizzle's own jsonb behaviour.

/**
 * JSON.stringify escapes only lone surrogates ("\udfff"; a pair is written as the character
 * itself), so every such escape in its output is one, unless its backslash is itself escaped
 * ("\\udfff" is a backslash and the text "udfff"): an even run of backslashes before it.
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/** JSON text for `value` with lone surrogates (in keys and values) as U+FFFD. */
export const wellFormedJson = (value: unknown): string =>
  JSON.stringify(value).replace(LONE_SURROGATE_ESCAPE, "$1\\ufffd");

/** A drizzle `jsonb` column whose strings are stored well-formed (lone surrogates as U+FFFD). */
export const jsonb = customType<{ data: unknown; driverData: string }>({
  dataType: () => "jsonb",
  toDriver: wellFormedJson,
  fromDriver: (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
});
