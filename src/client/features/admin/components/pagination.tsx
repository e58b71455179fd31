import { pageCount, rangeText } from "../lib/paging";

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the rows are, for the navigation's name ("Users pages"). */
  label: string;
};

export function Pagination({ page, pageSize, total, onPage, label }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-col items-center justify-between gap-2 text-sm sm:flex-row">
      <p className="text-base-content/70" aria-live="polite">
        {rangeText(page, pageSize, total)}
      </p>
      {/* Wraps with large text on a phone rather than pushing the page sideways. */}
      <div className="join flex-wrap justify-center">
        <button type="button" className="btn btn-sm join-item" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        <span
          className="btn btn-sm btn-disabled join-item pointer-events-none !bg-base-100 !text-base-content"
          aria-current="page"
        >
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button
          type="button"
          className="btn btn-sm join-item"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
