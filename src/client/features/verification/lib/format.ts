import { dateTimeText } from "../../../../shared/domain/date-text";

/** A moment in the viewer's own calendar and clock: "Nov 12, 2026, 10:03 AM". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeText(d.getTime());
}

/** The record ids a verification request's link names (`/verifications?records=1,2,3`). */
export function recordIdsOf(url: string): number[] {
  const q = url.split("?")[1] ?? "";
  const list = new URLSearchParams(q).get("records") ?? "";
  return list
    .split(",")
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
}
