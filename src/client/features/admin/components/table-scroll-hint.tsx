/**
 * On a phone the admin tables scroll sideways inside their box (the page itself never does); this
 * says so, since nothing else shows that more columns wait to the right.
 */
export function TableScrollHint() {
  return (
    <p className="text-xs text-base-content/70 md:hidden" data-testid="table-scroll-hint">
      Swipe the table sideways to see every column. →
    </p>
  );
}
