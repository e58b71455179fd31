// The texts of notifications (docs/product/texts-and-messages.md#notifications).

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export const notificationText = {
  joined: (name: string, challenge: string) => `${name} joined ${challenge}`,
  round: (name: string, challenge: string, birdies: number, eagles: number) => {
    const parts = [birdies ? plural(birdies, "birdie") : "", eagles ? plural(eagles, "eagle") : ""].filter(Boolean);
    return `${name} recorded a round in ${challenge}: ${parts.join(" and ")}`;
  },
  overtaken: (name: string, challenge: string, rank: number, total: number) =>
    `${name} overtook you in ${challenge}. You are now ${ordinal(rank)} of ${total}.`,
  starts: (challenge: string) => `${challenge} starts tomorrow.`,
  endsSoon: (challenge: string, rank: number, total: number) =>
    `${challenge} ends in 24 hours. You are ${ordinal(rank)} of ${total}.`,
  /** To a winner; `others`: whoever tied with them for first. */
  won: (challenge: string, others: readonly string[]) =>
    `${challenge} has ended. You won${others.length ? `, tied with ${nameList(others)}` : ""}!`,
  ended: (challenge: string, rank: number, total: number, winners: readonly string[]) =>
    `${challenge} has ended. You finished ${ordinal(rank)} of ${total}. ${winners.length > 1 ? "Winners" : "Winner"}: ${nameList(winners)}.`,
  endedNoWinner: (challenge: string) => `${challenge} has ended. No birdies were recorded, so there is no winner.`,
  /** To the partner a golfer named: one per round. */
  verificationRequest: (name: string, challenge: string, holes: readonly { holeNumber: number; type: string }[]) => {
    const birdies = holes.filter((h) => h.type !== "eagle").length;
    const eagles = holes.length - birdies;
    const what = [
      birdies === 0 ? "" : birdies === 1 ? "a birdie" : `${birdies} birdies`,
      eagles === 0 ? "" : eagles === 1 ? "an eagle" : `${eagles} eagles`,
    ]
      .filter(Boolean)
      .join(" and ");
    const where =
      holes.length === 1 ? `hole ${holes[0]?.holeNumber}` : `holes ${holes.map((h) => h.holeNumber).join(", ")}`;
    return `${name} named you as partner for ${what} on ${where} in ${challenge}. Confirm or dispute ${holes.length === 1 ? "it" : "them"}.`;
  },
  /** To the golfer whose record someone else confirmed, disputed, voided or restored. */
  recordStatus: (
    actor: string,
    to: "confirmed" | "disputed" | "voided" | "restored",
    type: string,
    holeNumber: number,
    challenge: string,
    reason: string | null,
  ) => `${actor} ${to} your ${type} on hole ${holeNumber} in ${challenge}${reason ? `: ${reason}` : "."}`,
  supportReply: (subject: string, message: string) => {
    const excerpt = message.length > 200 ? `${message.slice(0, 199)}…` : message;
    return `Support replied to "${subject}": ${excerpt}`;
  },
};
