import { type ReactNode, useState } from "react";
import { FlagIcon, LifeBuoyIcon, ShieldIcon, TargetIcon, UsersIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import type { AdminDashboard } from "../../../../shared/schemas/admin";
import { AdminPageHeader } from "../components/admin-page-header";
import { AuditList } from "../components/audit-list";
import { BarChart } from "../components/bar-chart";
import { Dialog } from "../../../components/ui/dialog";
import { EmptyState } from "../components/empty-state";
import { Pagination } from "../components/pagination";
import { QueryError } from "../components/query-error";
import { StatCard } from "../components/stat-card";
import { useAdminDashboard, useAuditLog } from "../hooks/use-admin";
import { formatCount, formatDay, plural } from "../lib/format";

export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Admin Dashboard"
        description="Totals, trends and the latest admin activity."
        actions={
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            {dashboard.isFetching && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Refresh
          </button>
        }
      />
      {dashboard.isPending ? (
        <PageSpinner label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <QueryError error={dashboard.error} onRetry={() => dashboard.refetch()} what="the dashboard" />
      ) : (
        <DashboardContent data={dashboard.data} />
      )}
    </div>
  );
}

function DashboardContent({ data }: { data: AdminDashboard }) {
  const { totals, daily } = data;
  const signUps = daily.map((d) => ({ key: d.day, label: formatDay(d.day), value: d.signUps }));
  const records = daily.map((d) => ({ key: d.day, label: formatDay(d.day), value: d.records }));
  const sum = (values: { value: number }[]) => values.reduce((a, b) => a + b.value, 0);

  return (
    <>
      {/* As many 11rem columns as fit (four on a desktop, two on a phone, one with large text). */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,11rem),1fr))] gap-3">
        <StatCard
          label="Users"
          value={totals.users}
          icon={<UsersIcon />}
          hint={`${formatCount(totals.disabledUsers)} disabled`}
        />
        <StatCard label="Admins" value={totals.admins} icon={<ShieldIcon />} tone="secondary" />
        <StatCard label="Active challenges" value={totals.challengesActive} icon={<FlagIcon />} />
        <StatCard label="Upcoming challenges" value={totals.challengesUpcoming} icon={<FlagIcon />} tone="info" />
        <StatCard label="Past challenges" value={totals.challengesPast} icon={<FlagIcon />} tone="secondary" />
        <StatCard
          label="Birdies today"
          value={totals.birdiesToday}
          icon={<TargetIcon />}
          tone="accent"
          hint="Records made today (UTC)"
        />
        <StatCard
          label="Birdies this week"
          value={totals.birdiesThisWeek}
          icon={<TargetIcon />}
          tone="accent"
          hint="Since Monday (UTC)"
        />
        <StatCard
          label="Open support requests"
          value={totals.openSupportRequests}
          icon={<LifeBuoyIcon />}
          tone="warning"
          to="/admin/support"
        />
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard title="Sign-ups" subtitle={`${plural(sum(signUps), "new player")} in the last 30 days`}>
          <BarChart title="Sign-ups per day, last 30 days" data={signUps} describeValue={(n) => plural(n, "sign-up")} />
        </ChartCard>
        <ChartCard title="Birdies recorded" subtitle={`${plural(sum(records), "record")} in the last 30 days`}>
          <BarChart
            title="Birdie records per day, last 30 days"
            data={records}
            describeValue={(n) => plural(n, "record")}
            barClassName="fill-secondary"
          />
        </ChartCard>
      </div>

      <RecentActivity entries={data.recentAudit} />
    </>
  );
}

function ChartCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="card min-w-0 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-base-content/70">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

function RecentActivity({ entries }: { entries: AdminDashboard["recentAudit"] }) {
  const [showAll, setShowAll] = useState(false);
  return (
    <section aria-labelledby="recent-activity-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <div>
            <h2 id="recent-activity-title" className="font-semibold">
              Recent admin activity
            </h2>
            <p className="text-sm text-base-content/70">
              Every admin action is logged: who did what to whom, and when.
            </p>
          </div>
          {entries.length > 0 && (
            <button type="button" className="btn btn-ghost btn-sm shrink-0" onClick={() => setShowAll(true)}>
              Full log
            </button>
          )}
        </div>
        {entries.length === 0 ? (
          <EmptyState icon={<ShieldIcon />} title="No admin actions yet">
            Granting or revoking admin rights, disabling accounts, deleting challenges and resolving support requests
            show up here.
          </EmptyState>
        ) : (
          <AuditList entries={entries} />
        )}
      </div>
      <FullAuditLog open={showAll} onClose={() => setShowAll(false)} />
    </section>
  );
}

const AUDIT_PAGE_SIZE = 25;

function FullAuditLog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  return (
    <Dialog
      placement="drawer"
      closeLabel="Close"
      open={open}
      onClose={onClose}
      title="Audit log"
      subtitle="Every admin action, newest first"
    >
      {open && <AuditPage page={page} onPage={setPage} />}
    </Dialog>
  );
}

function AuditPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const log = useAuditLog(page, AUDIT_PAGE_SIZE);
  if (log.isPending) return <PageSpinner label="Loading audit log..." />;
  if (log.isError) return <QueryError error={log.error} onRetry={() => log.refetch()} what="the audit log" />;
  return (
    <div className="space-y-4">
      <AuditList entries={log.data.items} />
      <Pagination label="Audit log" page={page} pageSize={AUDIT_PAGE_SIZE} total={log.data.total} onPage={onPage} />
    </div>
  );
}
