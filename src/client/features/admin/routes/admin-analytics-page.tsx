import type { ReactNode } from "react";
import { PageSpinner } from "../../../components/ui/page-spinner";
import type { AdminAnalytics } from "../../../../shared/schemas/admin";
import { AdminPageHeader } from "../components/admin-page-header";
import { BarChart } from "../components/bar-chart";
import { EmptyState } from "../components/empty-state";
import { HoleHeatMap } from "../components/hole-heat-map";
import { QueryError } from "../components/query-error";
import { useAdminAnalytics } from "../hooks/use-admin";
import { formatCount, formatDay, plural } from "../lib/format";

export function AdminAnalyticsPage() {
  const analytics = useAdminAnalytics();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Analytics" description="Birdies per hole, busiest courses and weekly activity." />
      {analytics.isPending ? (
        <PageSpinner label="Loading analytics..." />
      ) : analytics.isError ? (
        <QueryError error={analytics.error} onRetry={() => analytics.refetch()} what="analytics" />
      ) : (
        <AnalyticsContent data={analytics.data} />
      )}
    </div>
  );
}

function AnalyticsContent({ data }: { data: AdminAnalytics }) {
  const totalRecords = data.holes.reduce((a, h) => a + h.records, 0);
  const weekly = data.weeklyActive.map((w) => ({
    key: w.weekStart,
    label: formatDay(w.weekStart),
    value: w.activeUsers,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Birdies per hole" subtitle={`${plural(totalRecords, "record")} across all challenges`} wide>
        <HoleHeatMap holes={data.holes} />
      </Panel>

      <Panel title="Weekly active users" subtitle="Players who recorded a birdie, per week (from Monday, UTC)">
        <BarChart
          title="Weekly active users, last 12 weeks"
          data={weekly}
          describeValue={(n) => plural(n, "active player")}
          labelHeading="Week of"
          barClassName="fill-secondary"
        />
      </Panel>

      <Panel title="Busiest courses" subtitle="Most birdies recorded, top 10">
        <BusiestCourses courses={data.busiestCourses} />
      </Panel>

      <Panel title="Achievements earned" subtitle="How many players earned each achievement" wide>
        <AchievementBars achievements={data.achievements} />
      </Panel>
    </div>
  );
}

function Panel({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`card min-w-0 border border-base-300 bg-base-100 shadow-sm ${wide ? "lg:col-span-2" : ""}`}
    >
      <div className="card-body gap-4 p-4 sm:p-5">
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-base-content/70">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

function BusiestCourses({ courses }: { courses: AdminAnalytics["busiestCourses"] }) {
  if (courses.length === 0)
    return (
      <EmptyState title="No birdies recorded yet">Courses rank here once players record birdies on them.</EmptyState>
    );
  const max = Math.max(...courses.map((c) => c.records));
  return (
    // Focusable so keyboard users can scroll the table sideways on a phone (it holds no controls).
    <div
      className="overflow-x-auto rounded-box focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
      role="region"
      aria-label="Busiest courses table"
    >
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Course</th>
            <th scope="col" className="text-right">
              Records
            </th>
            <th scope="col" className="text-right">
              Players
            </th>
            <th scope="col" className="text-right">
              Challenges
            </th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course, i) => (
            <tr key={course.id}>
              <td className="tabular-nums text-base-content/60">{i + 1}</td>
              <td className="min-w-40">
                <span className="block max-w-64 truncate font-medium">{course.name}</span>
                {/* A bar behind the name shows the share of the busiest course at a glance. */}
                <span className="mt-1 block h-1.5 rounded-full bg-base-200" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-primary"
                    style={{ width: `${(course.records / max) * 100}%` }}
                  />
                </span>
              </td>
              <td className="text-right tabular-nums">{formatCount(course.records)}</td>
              <td className="text-right tabular-nums">{formatCount(course.players)}</td>
              <td className="text-right tabular-nums">{formatCount(course.challenges)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AchievementBars({ achievements }: { achievements: AdminAnalytics["achievements"] }) {
  const max = Math.max(1, ...achievements.map((a) => a.earned));
  return (
    <ul className="grid gap-x-8 gap-y-3 md:grid-cols-2">
      {achievements.map((a) => (
        <li key={a.achievementType} className="min-w-0">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 wrap-anywhere font-medium">
              {a.name}
              <span className="ml-2 text-xs font-normal capitalize text-base-content/60">{a.category}</span>
            </span>
            <span className="shrink-0 tabular-nums">{formatCount(a.earned)}</span>
          </div>
          <div
            className="mt-1 h-2 rounded-full bg-base-200"
            role="meter"
            aria-label={`${a.name} earned`}
            aria-valuemin={0}
            aria-valuemax={max}
            aria-valuenow={a.earned}
            aria-valuetext={plural(a.earned, "player")}
          >
            <div
              className={`h-full rounded-full ${a.category === "milestone" ? "bg-primary" : "bg-accent"}`}
              style={{ width: `${(a.earned / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
