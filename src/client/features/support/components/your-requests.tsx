import { dateTimeText } from "../../../../shared/domain/date-text";
import type { MySupportRequest } from "../../../../shared/schemas/support";
import { SUPPORT_TYPE_OPTIONS } from "../lib/support-form";
import { useMySupportRequests } from "../hooks/use-support";

const dateText = (iso: string) => dateTimeText(Date.parse(iso));
const typeLabel = (type: MySupportRequest["type"]) => SUPPORT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

/**
 * The golfer's own requests, newest first, each with the admins' replies
 * (docs/product/routes-and-screens.md#support): the reply mailed to them is also readable here.
 */
export function YourRequests() {
  const requests = useMySupportRequests();
  const items = requests.data?.items ?? [];
  return (
    <section aria-labelledby="your-requests-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="your-requests-title" className="text-lg font-semibold">
          Your requests
        </h2>
        {requests.isLoading ? (
          <p role="status" className="text-sm text-base-content/70">
            Loading your requests...
          </p>
        ) : requests.isError && !requests.data ? (
          <p className="text-sm text-error">Your requests could not be loaded. Please try again later.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-base-content/70">No requests yet. What you send shows here, with our replies.</p>
        ) : (
          <ul className="space-y-4">
            {items.map((request) => (
              <li key={request.id}>
                <article
                  aria-labelledby={`support-request-${request.id}`}
                  className="rounded-box border border-base-300 p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`support-request-${request.id}`} className="min-w-0 break-words font-medium">
                      {request.subject}
                    </h3>
                    <span className={`badge ${request.status === "resolved" ? "badge-success" : "badge-outline"}`}>
                      {request.status === "resolved" ? "Resolved" : "Open"}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-base-content/70">
                    {typeLabel(request.type)} · Sent {dateText(request.createdAt)}
                  </p>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm">{request.message}</p>
                  {request.replies.length > 0 ? (
                    <ul className="mt-3 space-y-2">
                      {request.replies.map((reply) => (
                        <li key={reply.id} className="rounded-field border-l-4 border-primary bg-base-200 p-3">
                          <p className="text-sm font-medium">
                            Reply from support{" "}
                            <span className="font-normal text-base-content/70">· {dateText(reply.createdAt)}</span>
                          </p>
                          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{reply.message}</p>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    request.status === "open" && (
                      <p className="mt-3 text-sm text-base-content/70">Waiting for a reply.</p>
                    )
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
