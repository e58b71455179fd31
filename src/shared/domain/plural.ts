// Counted words ("1 hole", "2 holes") chosen by Intl.PluralRules, so no text reads "hole(s)"
// (docs/product/texts-and-messages.md#plurals). English only today; the rules object is made once.

const rules = new Intl.PluralRules("en-US");

/** The form of `word` for `n`: `one` when the plural rules say so, else `other`. */
export function pluralForm(n: number, one: string, other: string): string {
  return rules.select(n) === "one" ? one : other;
}

/** "1 hole", "3 holes", "0 holes". */
export function countOf(n: number, one: string, other: string): string {
  return `${n} ${pluralForm(n, one, other)}`;
}
