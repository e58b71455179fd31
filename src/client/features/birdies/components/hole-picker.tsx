import { countMarks, HOLE_NUMBERS, type HoleMarks, markOf } from "../lib/hole-marks";

type HolePickerProps = {
  marks: HoleMarks;
  onTap: (hole: number) => void;
  disabled?: boolean;
};

const MARK_TEXT = { none: "", birdie: "Birdie", eagle: "Eagle" } as const;

/**
 * The record form's 18 holes; each tap cycles none -> birdie -> eagle -> none
 * (docs/product/routes-and-screens.md#record-birdies).
 */
export function HolePicker({ marks, onTap, disabled = false }: HolePickerProps) {
  const { birdies, eagles, total } = countMarks(marks);
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium">Holes</legend>
      <p className="text-xs text-base-content/60">Tap once for a birdie, twice for an eagle, a third time to clear.</p>
      <ol className="grid grid-cols-6 gap-2 sm:grid-cols-9" aria-label="Holes played">
        {HOLE_NUMBERS.map((hole) => {
          const mark = markOf(marks, hole);
          return (
            <li key={hole}>
              <button
                type="button"
                aria-label={`Hole ${hole}`}
                aria-pressed={mark !== "none"}
                aria-describedby={mark === "none" ? undefined : `hole-mark-${hole}`}
                data-mark={mark}
                onClick={() => onTap(hole)}
                className={`flex aspect-square w-full flex-col items-center justify-center rounded-box border-2 text-base font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                  mark === "eagle"
                    ? "border-accent bg-accent text-accent-content"
                    : mark === "birdie"
                      ? "border-primary bg-primary text-primary-content"
                      : "border-base-300 bg-base-100 hover:border-primary/60"
                }`}
              >
                {hole}
                <span id={`hole-mark-${hole}`} className="text-[10px] font-medium uppercase leading-none">
                  {MARK_TEXT[mark]}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-base-content/70" aria-live="polite" data-testid="marked-summary">
        {total === 0
          ? "No holes marked yet"
          : `${total} ${total === 1 ? "hole" : "holes"} marked: ${birdies} ${birdies === 1 ? "birdie" : "birdies"}, ${eagles} ${eagles === 1 ? "eagle" : "eagles"}`}
      </p>
    </fieldset>
  );
}
