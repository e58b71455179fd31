import { useState } from "react";
import { FlagIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import {
  ADMIN_PAGE_SIZE,
  type AdminChallenge,
  CHALLENGE_STATUS_FILTERS,
  type ChallengeStatusFilter,
} from "../../../../shared/schemas/admin";
import { AdminListSection } from "../components/admin-list-section";
import { AdminPageHeader } from "../components/admin-page-header";
import { ChallengeStatusBadge } from "../components/badges";
import { ChallengeDetailDrawer } from "../components/challenge-detail-drawer";
import { ConfirmDialog } from "../components/confirm-dialog";
import { EmptyState } from "../components/empty-state";
import { SearchField } from "../components/search-field";
import { SelectField } from "../components/select-field";
import { useAdminActions, useAdminChallenges } from "../hooks/use-admin";
import { useUrlFilters } from "../hooks/use-url-filters";
import { formatCount, plural } from "../lib/format";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";

const STATUS_OPTIONS: { value: ChallengeStatusFilter; label: string }[] = [
  { value: "all", label: "All challenges" },
  { value: "active", label: "Active" },
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
];

export function AdminChallengesPage() {
  const { filters, page, openId, update } = useUrlFilters({ q: "", status: "all" });
  const status = (CHALLENGE_STATUS_FILTERS as readonly string[]).includes(filters.status)
    ? (filters.status as ChallengeStatusFilter)
    : "all";
  const list = useAdminChallenges({ search: filters.q, status, page, pageSize: ADMIN_PAGE_SIZE });
  const { deleteChallenge } = useAdminActions();
  const [toDelete, setToDelete] = useState<AdminChallenge | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteChallenge.mutateAsync({ challengeId: toDelete.id });
      toast({ title: "Challenge deleted", description: `“${toDelete.name}” and everything in it has been deleted.` });
      if (openId === toDelete.id) update({ open: null });
      setToDelete(null);
    } catch (error) {
      toast({
        title: "Delete Failed",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <div className="space-y-5">
      <AdminPageHeader title="Challenges" description="Browse every challenge, its players and records." />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search challenges"
          placeholder="Challenge name or creator"
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => update({ status: value })}
        />
      </div>

      <AdminListSection
        query={list}
        label="Challenges"
        page={page}
        onPage={(p) => update({ page: p })}
        empty={
          <EmptyState
            icon={<FlagIcon />}
            title={filters.q ? `No challenges match “${filters.q}”` : "No challenges here yet"}
          >
            {filters.q || status !== "all"
              ? "Try another search or show all challenges."
              : "Challenges appear here as soon as players create them."}
          </EmptyState>
        }
      >
        {(items) => (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Challenge</th>
                <th scope="col">Creator</th>
                <th scope="col">Dates</th>
                <th scope="col">Status</th>
                <th scope="col" className="text-right">
                  Players
                </th>
                <th scope="col" className="text-right">
                  Records
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id} className="hover:bg-base-200/60">
                  <td>
                    {/* Named by its visible text (WCAG 2.5.3 label in name). */}
                    <button
                      type="button"
                      className="min-h-11 min-w-40 max-w-64 text-left"
                      onClick={() => update({ open: c.id }, { push: true })}
                    >
                      <span className="sr-only">View </span>
                      <span className="block truncate font-medium link-hover">{c.name}</span>
                      <span className="block truncate text-xs text-base-content/60">
                        {c.courseNames.join(", ") ||
                          (c.courseMode === "hybrid" ? "Any Course" : "Course not specified")}
                      </span>
                    </button>
                  </td>
                  <td className="max-w-40 truncate">
                    {c.creator.displayName || c.creator.username}
                    <span className="block truncate text-xs text-base-content/60">@{c.creator.username}</span>
                  </td>
                  <td className="whitespace-nowrap text-sm">
                    {formatChallengeDate(c.startDate)} – {formatChallengeDate(c.endDate)}
                  </td>
                  <td>
                    <ChallengeStatusBadge status={c.status} />
                  </td>
                  <td className="text-right tabular-nums">{formatCount(c.playerCount)}</td>
                  <td className="text-right tabular-nums">{formatCount(c.recordCount)}</td>
                  <td>
                    <div className="flex flex-nowrap gap-1.5">
                      <button
                        type="button"
                        className="btn btn-xs"
                        onClick={() => update({ open: c.id }, { push: true })}
                        aria-label={`Open ${c.name}`}
                      >
                        Open
                      </button>
                      <button
                        type="button"
                        className="btn btn-xs btn-outline btn-error"
                        onClick={() => setToDelete(c)}
                        aria-label={`Delete ${c.name}`}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminListSection>

      <ChallengeDetailDrawer challengeId={openId} onClose={() => update({ open: null })} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        tone="danger"
        pending={deleteChallenge.isPending}
        title={toDelete ? `Delete “${toDelete.name}”?` : ""}
        description={
          toDelete
            ? `This permanently deletes the challenge for its ${plural(toDelete.playerCount, "player")}, with its ${plural(toDelete.recordCount, "record")} and its chat. It cannot be undone.`
            : ""
        }
        confirmLabel="Delete challenge"
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
