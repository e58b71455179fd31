import type { HoleActivity } from "../../../../shared/schemas/admin";
import { HEAT_LEVELS, heatLevel } from "../lib/chart";
import { formatCount, plural } from "../lib/format";

// Share of the primary colour per level, mixed into the card colour so it works on both themes.
// Levels 1-3 stay light enough for base-content text and the top level is the full primary under
// primary-content: in between, neither text colour reaches 4.5:1 in both themes.
const LEVEL_MIX = [0, 16, 32, 48, 100];

function cellStyle(level: number) {
  return level === 0
    ? undefined
    : { backgroundColor: `color-mix(in oklab, var(--color-primary) ${LEVEL_MIX[level]}%, var(--color-base-100))` };
}

/** Records per hole as an 18-cell heat map: the busier the hole, the deeper the green. */
export function HoleHeatMap({ holes }: { holes: readonly HoleActivity[] }) {
  const counts = holes.map((h) => h.records);
  return (
    <div className="space-y-3">
      <ol className="grid grid-cols-6 gap-1.5 sm:grid-cols-9" aria-label="Records per hole">
        {holes.map((hole) => {
          const level = heatLevel(hole.records, counts);
          // Only the deepest shade is close enough to the primary colour to carry its text colour.
          const strong = level === HEAT_LEVELS - 1;
          return (
            <li
              key={hole.holeNumber}
              className={`flex aspect-square flex-col items-center justify-center rounded-field border border-base-300 p-1 text-center ${
                strong ? "text-primary-content" : "text-base-content"
              } ${level === 0 ? "bg-base-200" : ""}`}
              style={cellStyle(level)}
              aria-label={`Hole ${hole.holeNumber}: ${plural(hole.records, "record")} (${plural(hole.birdies, "birdie")}, ${plural(hole.eagles, "eagle")})`}
              title={`Hole ${hole.holeNumber}: ${plural(hole.birdies, "birdie")}, ${plural(hole.eagles, "eagle")}`}
              data-level={level}
            >
              <span
                className={`whitespace-nowrap text-[0.65rem] font-medium uppercase ${level === 0 ? "text-base-content/60" : ""}`}
              >
                <span className="hidden sm:inline">Hole </span>
                <span className="sm:hidden">#</span>
                {hole.holeNumber}
              </span>
              <span className="text-base font-bold tabular-nums sm:text-lg">{formatCount(hole.records)}</span>
            </li>
          );
        })}
      </ol>
      <div className="flex items-center justify-end gap-1.5 text-xs text-base-content/60" aria-hidden="true">
        <span>Fewer</span>
        {Array.from({ length: HEAT_LEVELS }, (_, level) => (
          <span
            key={level}
            className={`size-3.5 rounded-sm border border-base-300 ${level === 0 ? "bg-base-200" : ""}`}
            style={cellStyle(level)}
          />
        ))}
        <span>More</span>
      </div>
    </div>
  );
}
