import { Link, useSearchParams } from "../../../lib/router";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { usePageTitle } from "../../../hooks/use-page-title";
import { errorMessage } from "../../../lib/errors";
import { formatDateTime } from "../lib/format";
import { usePendingVerifications } from "../hooks/use-verification";
import { RecordVerification } from "../components/record-verification";
import { StatusBadge } from "../components/status-badge";

/**
 * /verifications (docs/product/routes-and-screens.md#verifications): the records in which golfers
 * named the caller as their partner, waiting for a confirm or a dispute. A notification's link
 * names its round's records; those come first.
 */
export function VerificationsPage() {
  usePageTitle("Confirm rounds");
  const [params] = useSearchParams();
  const named = new Set(
    (params.get("records") ?? "")
      .split(",")
      .map(Number)
      .filter((n) => n > 0),
  );
  const pending = usePendingVerifications();
  const list = [...(pending.data ?? [])].sort((a, b) => Number(named.has(b.id)) - Number(named.has(a.id)));

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Confirm rounds</h1>
        <p className="mt-1 text-base-content/70">
          Golfers named you as their playing partner. Confirm what you saw, or dispute it with a reason.
        </p>
      </header>
      {pending.isLoading ? (
        <PageSpinner label="Loading records..." />
      ) : pending.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(pending.error, "Could not load the records.")}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center text-base-content/70">
          Nothing waits for you. When a golfer names you as their partner, their records show here.{" "}
          <Link to="/notifications" className="link">
            Notifications
          </Link>
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Records waiting for you">
          {list.map((p) => (
            <li
              key={p.id}
              className="rounded-box border border-base-300 bg-base-100 p-4"
              data-testid="pending-verification"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 break-words font-medium">
                  {p.golfer.displayName}: {p.type === "eagle" ? "Eagle" : "Birdie"} on hole {p.holeNumber}
                </p>
                <StatusBadge status="pending" />
              </div>
              <p className="break-words text-sm text-base-content/70">
                {p.challengeName} · {p.courseName ?? "Unknown course"} · played {p.date} · recorded{" "}
                <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
              </p>
              <RecordVerification
                record={{ id: p.id, userId: p.golfer.id, partnerUserId: null, verificationStatus: "pending" }}
                partner
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
