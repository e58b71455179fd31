/**
 * The row that an `INSERT/UPDATE ... RETURNING` of one row, or an aggregate without GROUP BY, always
 * yields. With `noUncheckedIndexedAccess` a destructured `[row]` is `T | undefined`; a missing row here
 * is a bug in our query, not bad input, so it throws an internal error rather than a 4xx.
 */
export function onlyRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("expected the statement to return a row");
  return row;
}
