/**
 * How a record was verified (issue 18, ADR 0040). A record whose partner was typed by name is
 * `signed`; one naming a golfer's account starts `pending` until that golfer confirms or
 * disputes it from their own account; the creator may void (and restore) any record.
 */
export const VERIFICATION_STATUSES = ["signed", "pending", "confirmed", "disputed", "voided"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * Whether a record in this status may count (docs/product/rules.md#verification). The SQL twin is
 * verification_counts() in drizzle/0019 (a test checks they agree): without requireConfirmation
 * signed, pending and confirmed records count; with it only confirmed ones; disputed and voided
 * records never count.
 */
export function statusCounts(status: VerificationStatus, requireConfirmation: boolean): boolean {
  if (requireConfirmation) return status === "confirmed";
  return status === "signed" || status === "pending" || status === "confirmed";
}

/** The changes a person can make to a record's status (the routes /api/birdies/{id}/<action>). */
export const VERIFICATION_ACTIONS = ["confirm", "dispute", "void", "restore"] as const;
export type VerificationAction = (typeof VERIFICATION_ACTIONS)[number];

/**
 * The statuses each action may start from; any other is a 409 (docs/product/rules.md#verification).
 * Confirm answers a pending request only; a dispute takes a record that may count out of counting
 * until the creator resolves it (restore, or void); restore puts a disputed or voided record back
 * in the status it had before it was disputed or voided.
 */
export const ACTION_FROM: Record<VerificationAction, readonly VerificationStatus[]> = {
  confirm: ["pending"],
  dispute: ["signed", "pending", "confirmed"],
  void: ["signed", "pending", "confirmed", "disputed"],
  restore: ["disputed", "voided"],
};

/** Who may take each action: the named partner, the challenge's creator (admins act as creators). */
export const ACTION_BY: Record<VerificationAction, readonly ("partner" | "creator")[]> = {
  confirm: ["partner"],
  dispute: ["partner", "creator"],
  void: ["creator"],
  restore: ["creator"],
};

export const actionAllowedFrom = (action: VerificationAction, status: VerificationStatus) =>
  ACTION_FROM[action].includes(status);

/**
 * The status a restore returns to: the last status in the record's history that was neither
 * disputed nor voided (history oldest first, as `to` statuses); a record without one goes back to
 * how it was recorded (pending with a partner account, signed without).
 */
export function restoreTarget(
  history: readonly { to: VerificationStatus }[],
  hasPartnerAccount: boolean,
): VerificationStatus {
  for (let i = history.length - 1; i >= 0; i--) {
    const to = history[i]?.to;
    if (to && to !== "disputed" && to !== "voided") return to;
  }
  return hasPartnerAccount ? "pending" : "signed";
}

/** The badge text of each status. */
export const STATUS_LABEL: Record<VerificationStatus, string> = {
  signed: "Signed",
  pending: "Pending",
  confirmed: "Confirmed",
  disputed: "Disputed",
  voided: "Voided",
};

/** What each status means, for badges' accessible descriptions and the rules text. */
export const STATUS_MEANING: Record<VerificationStatus, string> = {
  signed: "verified by a typed partner name and signature",
  pending: "waiting for the named partner to confirm",
  confirmed: "confirmed by the partner from their own account",
  disputed: "disputed; does not count until the creator resolves it",
  voided: "voided by the creator; does not count",
};

/** The rules line for a challenge's requireConfirmation option. */
export const REQUIRE_CONFIRMATION_TEXT = "Only records confirmed by the partner's own account count";
