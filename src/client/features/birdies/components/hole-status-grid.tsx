import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import { pointsText } from "../../../lib/points";
import type { HoleStatus } from "../lib/hole-records";

type HoleStatusGridProps = {
  holes: readonly HoleStatus[];
  /** With multiple birdies per hole allowed, each circle carries its birdie and eagle counts. */
  allowMultipleBirdies?: boolean;
  /** Called for a hole that has records; holes without any are not interactive. */
  onHoleClick?: (hole: number) => void;
  showLegend?: boolean;
  label?: string;
  /** Holes of the golfer's rounds still waiting on this device to be sent (the offline outbox). */
  waitingToSync?: ReadonlyMap<number, "birdie" | "eagle">;
};

const STATE_TEXT = { none: "not yet birdied", birdie: "birdied", eagle: "eagled" } as const;
const PENDING_TEXT = "pending confirmation";

/**
 * Hole Status grid (docs/product/routes-and-screens.md#hole-status-grid): 18 numbered circles in 9
 * columns (6 on a phone, so each button keeps 44x44 px), filled when birdied or eagled. With
 * multiples allowed a badge in the text colour (top right, so it shows in both themes) counts
 * birdies and a green one (top left) eagles.
 */
export function HoleStatusGrid({
  holes,
  allowMultipleBirdies = false,
  onHoleClick,
  showLegend = true,
  label = "Hole Status",
  waitingToSync,
}: HoleStatusGridProps) {
  return (
    <div>
      <ol
        aria-label={label}
        className="grid grid-cols-6 gap-x-1 gap-y-2 sm:grid-cols-9 sm:gap-2"
        data-testid="hole-status-grid"
      >
        {holes.map((h) => {
          const hasRecords = h.state !== "none" || h.birdies + h.eagles > 0 || Boolean(h.pending);
          const name = `Hole ${h.hole}, ${h.pending ? PENDING_TEXT : STATE_TEXT[h.state]}`;
          // px, not rem: at 200% text a 2.75rem circle (88 px) would cover the next column on a phone.
          const circle = `relative flex aspect-square w-[86%] min-w-[44px] max-w-[44px] items-center justify-center rounded-full text-xs font-semibold sm:text-sm ${
            h.state === "eagle"
              ? "bg-accent text-accent-content ring-2 ring-green-600 ring-offset-1 ring-offset-base-100"
              : h.state === "birdie"
                ? "bg-primary text-primary-content"
                : h.pending
                  ? "border-2 border-dashed border-warning bg-warning/15 text-base-content"
                  : "border border-base-content/55 bg-base-200 text-base-content/70"
          }`;
          const badges = allowMultipleBirdies && (
            <>
              {h.birdies > 0 && (
                <span
                  className="absolute -right-1 -top-1.5 flex h-4 min-w-4 sm:-right-1.5 items-center justify-center rounded-full bg-base-content px-1 text-[10px] leading-none text-base-100"
                  data-testid={`hole-${h.hole}-birdies`}
                  aria-hidden="true"
                >
                  {h.birdies}
                </span>
              )}
              {h.eagles > 0 && (
                <span
                  className="absolute -left-1 -top-1.5 flex h-4 min-w-4 sm:-left-1.5 items-center justify-center rounded-full bg-green-600 px-1 text-[10px] leading-none text-white"
                  data-testid={`hole-${h.hole}-eagles`}
                  aria-hidden="true"
                >
                  {h.eagles}
                </span>
              )}
            </>
          );
          const countsText = allowMultipleBirdies && hasRecords ? `: ${h.birdies} birdies, ${h.eagles} eagles` : "";
          const waiting = waitingToSync?.get(h.hole);
          // A dashed ring in the text colour (legible in both themes) marks a hole waiting to sync.
          const waitingRing = waiting ? " outline-2 outline-dashed outline-offset-2 outline-base-content" : "";
          const waitingText = waiting ? `, ${waiting} waiting to sync` : "";
          return (
            <li
              key={h.hole}
              className="flex justify-center"
              data-hole={h.hole}
              data-state={h.pending ? "pending" : h.state}
              data-pending={waiting}
            >
              {hasRecords && onHoleClick ? (
                <button
                  type="button"
                  className={`${circle}${waitingRing} cursor-pointer transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
                  aria-label={`${name}${countsText}${waitingText}`}
                  onClick={() => onHoleClick(h.hole)}
                >
                  {h.hole}
                  {badges}
                </button>
              ) : (
                <span
                  className={`${circle}${waitingRing}`}
                  role="img"
                  aria-label={`${name}${countsText}${waitingText}`}
                >
                  <span aria-hidden="true">{h.hole}</span>
                  {badges}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {showLegend && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/70" aria-label="Legend">
          {/* In words, not by colour or position (WCAG 1.4.1): readable in both themes. */}
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full bg-primary" aria-hidden="true" />
            Birdie {pointsText(BIRDIE_POINTS)}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full bg-accent ring-1 ring-green-600" aria-hidden="true" />
            Eagle {pointsText(EAGLE_POINTS)}
          </li>
          {holes.some((h) => h.pending) && (
            <li className="flex items-center gap-1.5">
              <span
                className="inline-block size-3 rounded-full border-2 border-dashed border-warning"
                aria-hidden="true"
              />
              Pending: waits for the partner's confirmation
            </li>
          )}
          {allowMultipleBirdies && (
            <li className="flex items-center gap-1.5">Small numbers on a hole: birdies top right, eagles top left</li>
          )}
          {waitingToSync && waitingToSync.size > 0 && (
            <li className="flex items-center gap-1.5">
              <span
                className="inline-block size-3 rounded-full outline-2 outline-dashed outline-offset-1 outline-base-content"
                aria-hidden="true"
              />
              Waiting to sync
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
