import type { ReactNode } from "react";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { ADMIN_PAGE_SIZE } from "../../../../shared/schemas/admin";
import { Pagination } from "./pagination";
import { QueryError } from "./query-error";
import { TableScrollHint } from "./table-scroll-hint";

type PagedQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  data: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
};

/**
 * One page of an admin list (users, challenges): loading, a failed load with Try again, the table
 * in its sideways-scrolling box (dimmed while the next page loads), the empty state, and the pager.
 * `label` names the section and the pager ("Users"); the table itself is the caller's.
 */
export function AdminListSection<T>({
  query,
  label,
  page,
  onPage,
  empty,
  children,
}: {
  query: PagedQuery<T>;
  label: string;
  page: number;
  onPage: (page: number) => void;
  /** Shown instead of the table when the page has no rows. */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const what = label.toLowerCase();
  if (query.isPending) return <PageSpinner label={`Loading ${what}...`} />;
  if (query.isError || !query.data)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} what={what} />;
  return (
    <section aria-label={label} className="space-y-3">
      <TableScrollHint />
      <div
        className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${query.isPlaceholderData ? "opacity-70" : ""}`}
      >
        {query.data.items.length === 0 ? empty : children(query.data.items)}
      </div>
      <Pagination label={label} page={page} pageSize={ADMIN_PAGE_SIZE} total={query.data.total} onPage={onPage} />
    </section>
  );
}
