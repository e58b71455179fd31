/**
 * How a record was verified (issue 18, ADR 0040). A record whose partner was typed by name is
 * `signed`; one naming a member's account starts `pending` until that member confirms or
 * disputes it from their own account; the creator may void (and restore) any record.
 */
export const VERIFICATION_STATUSES = ["signed", "pending", "confirmed", "disputed", "voided"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
