import { useId } from "react";
import { countMarks, HOLE_NUMBERS, type HoleMarks, markOf } from "../lib/hole-marks";

type HolePickerProps = {
  marks: HoleMarks;
  onTap: (hole: number) => void;
  disabled?: boolean;
  /** Why the round cannot go on yet (no hole marked); read with every hole button. */
  error?: string | null;
};

const MARK_TEXT = { none: "", birdie: "Birdie", eagle: "Eagle" } as const;

/**
 * The record form's 18 holes; each tap cycles none -> birdie -> eagle -> none
 * (docs/product/routes-and-screens.md#record-birdies). A
 * three-way cycle is not a pressed/unpressed toggle, so each button says its mark in its name
 * ("Hole 5, eagle") and carries the tapping instructions as its description (WCAG 4.1.2).
 */
export function HolePicker({ marks, onTap, disabled = false, error = null }: HolePickerProps) {
  const hintId = useId();
  const errorId = useId();
  const { birdies, eagles, total } = countMarks(marks);
  const describedBy = error ? `${errorId} ${hintId}` : hintId;
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium">Holes</legend>
      <p id={hintId} className="text-xs text-base-content/70">
        Tap once for a birdie, twice for an eagle, a third time to clear.
      </p>
      {error && (
        <p id={errorId} className="text-sm text-error" data-testid="holes-error">
          {error}
        </p>
      )}
      <ol className="grid grid-cols-6 gap-2 sm:grid-cols-9" aria-label="Holes played" data-hole-picker="">
        {HOLE_NUMBERS.map((hole) => {
          const mark = markOf(marks, hole);
          return (
            <li key={hole}>
              <button
                type="button"
                aria-label={mark === "none" ? `Hole ${hole}` : `Hole ${hole}, ${mark}`}
                aria-describedby={describedBy}
                data-mark={mark}
                onClick={() => onTap(hole)}
                className={`flex aspect-square w-full flex-col items-center justify-center rounded-box border-2 text-base font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                  mark === "eagle"
                    ? "border-accent bg-accent text-accent-content"
                    : mark === "birdie"
                      ? "border-primary bg-primary text-primary-content"
                      : "border-base-content/55 bg-base-100 hover:border-primary"
                }`}
              >
                {hole}
                <span className="text-[10px] font-medium uppercase leading-none" aria-hidden="true">
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
