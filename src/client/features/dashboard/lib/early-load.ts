import { DASHBOARD_DATA_URL } from "../../../../shared/domain/page-data";
import type { Dashboard } from "../../../../shared/schemas/dashboard";

// The dashboard's data starts loading before React renders (issue 19): main.tsx calls
// startDashboardLoad() on "/", and the dashboard's query takes that request instead of sending its
// own. The server's HTML preloads the same URL (shared/domain/page-data.ts), so the browser
// answers it from that preload.

let early: Promise<Response> | undefined;

export function startDashboardLoad(): void {
  early ??= fetch(DASHBOARD_DATA_URL, { credentials: "same-origin" });
  early.catch(() => {});
}

/** The dashboard from the early request (once), else a new one; throws the server's message. */
export async function loadDashboard(): Promise<Dashboard> {
  const pending = early;
  early = undefined;
  let res: Response;
  try {
    res = await (pending ?? fetch(DASHBOARD_DATA_URL, { credentials: "same-origin" }));
  } catch {
    res = await fetch(DASHBOARD_DATA_URL, { credentials: "same-origin" });
  }
  const body = (await res.json().catch(() => ({}))) as Dashboard & { message?: string };
  if (!res.ok) throw Object.assign(new Error(body.message ?? `HTTP ${res.status}`), { status: res.status });
  return body;
}
