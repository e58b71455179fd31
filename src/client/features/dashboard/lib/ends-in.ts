import { timeRemaining } from "../../../../shared/domain/challenge-timing";

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The challenge card's countdown (docs/product/rules.md#time-texts): 'Ends in 5 days 3 hours'. */
export function endsInText(endDate: string | Date, now: number | Date = Date.now()): string {
  const { days, hours } = timeRemaining(endDate, now);
  return `Ends in ${unit(days, "day")} ${unit(hours, "hour")}`;
}
