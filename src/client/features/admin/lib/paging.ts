/** Pages needed for `total` rows (at least one, so "Page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing 21–40 of 45" for the rows a page holds. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return "No results";
  const first = (page - 1) * pageSize + 1;
  if (first > total) return `No results on this page (${total} in total)`;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}–${last} of ${total}`;
}

/** A page number from the URL: a whole number of at least 1, else 1. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
