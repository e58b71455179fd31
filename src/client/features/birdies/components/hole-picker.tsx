import { useId } from "react";
import { countMarks, HOLE_NUMBERS, type HoleMarks, markOf } from "../lib/hole-marks";
import type { HoleRecordState } from "../lib/hole-records";

type HolePickerProps = {
  marks: HoleMarks;
  onTap: (hole: number) => void;
  disabled?: boolean;
  /** Why the round cannot go on yet (no hole marked); read with every hole button. */
  error?: string | null;
  /** The golfer's recorded holes in the chosen challenge, by hole number; absent while unknown. */
  recorded?: ReadonlyMap<number, HoleRecordState>;
  /** Whether the challenge counts every record (the grid then shows counts). */
  allowMultipleBirdies?: boolean;
  /** Holes the server's rules refuse, with the reason (the check before signing, or a refused submit). */
  flagged?: Readonly<Record<number, string>>;
};

const MARK_TEXT = { none: "", birdie: "Birdie", eagle: "Eagle" } as const;

/** The same words as the challenge grids use for a hole waiting on this device. */
function waitingText(state: HoleRecordState | undefined): string | null {
  return state?.waiting ? `${state.waiting} waiting to sync` : null;
}

function recordedText(state: HoleRecordState | undefined, multiple: boolean): string | null {
  if (!state || state.status.state === "none") return null;
  const { birdies, eagles } = state.status;
  if (multiple) {
    const parts = [
      birdies ? `${birdies} ${birdies === 1 ? "birdie" : "birdies"}` : "",
      eagles ? `${eagles} ${eagles === 1 ? "eagle" : "eagles"}` : "",
    ].filter(Boolean);
    return `recorded ${parts.join(" and ")}`;
  }
  return state.status.state === "eagle" ? "eagle recorded" : "birdie recorded";
}

function shortRecorded(state: HoleRecordState | undefined, multiple: boolean): string {
  if (!state || state.status.state === "none") return "";
  if (multiple) {
    const { birdies, eagles } = state.status;
    return [birdies ? `${birdies}B` : "", eagles ? `${eagles}E` : ""].filter(Boolean).join(" ");
  }
  return state.status.state === "eagle" ? "E" : "B";
}

/**
 * The record form's 18 holes; each tap cycles none -> birdie -> eagle -> none
 * (docs/product/routes-and-screens.md#record-birdies), skipping the marks the hole no longer
 * takes: with multiple birdies off a birdied hole takes only an eagle (an upgrade) and an eagled
 * hole takes nothing; with them on every hole takes both and shows its counts. A three-way cycle
 * is not a pressed/unpressed toggle, so each button says its mark and what is recorded in its name
 * ("Hole 5, birdie recorded, eagle") and carries the tapping instructions as its description
 * (WCAG 4.1.2).
 */
export function HolePicker({
  marks,
  onTap,
  disabled = false,
  error = null,
  recorded,
  allowMultipleBirdies = false,
  flagged = {},
}: HolePickerProps) {
  const hintId = useId();
  const errorId = useId();
  const flaggedId = useId();
  const { birdies, eagles, total } = countMarks(marks);
  const flaggedHoles = Object.keys(flagged)
    .map(Number)
    .sort((a, b) => a - b);
  const describedBy = [error ? errorId : "", flaggedHoles.length ? flaggedId : "", hintId].filter(Boolean).join(" ");
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium">Holes</legend>
      <p id={hintId} className="text-xs text-base-content/70">
        Tap once for a birdie, twice for an eagle, a third time to clear.
        {recorded && !allowMultipleBirdies && " A birdied hole can only become an eagle; an eagled hole is done."}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-error" data-testid="holes-error">
          {error}
        </p>
      )}
      {flaggedHoles.length > 0 && (
        <ul id={flaggedId} className="space-y-1 text-sm text-error" data-testid="holes-clashes">
          {flaggedHoles.map((hole) => (
            <li key={hole}>{flagged[hole]}</li>
          ))}
        </ul>
      )}
      <ol className="grid grid-cols-6 gap-2 sm:grid-cols-9" aria-label="Holes played" data-hole-picker="">
        {HOLE_NUMBERS.map((hole) => {
          const mark = markOf(marks, hole);
          const state = recorded?.get(hole);
          const closed = state !== undefined && state.allowed.length === 0 && mark === "none";
          const done = recordedText(state, allowMultipleBirdies);
          const onDevice = waitingText(state);
          const clash = flagged[hole];
          const name = [`Hole ${hole}`, done, onDevice, mark === "none" ? null : mark, clash ? "refused" : null]
            .filter(Boolean)
            .join(", ");
          return (
            <li key={hole}>
              <button
                type="button"
                aria-label={name}
                aria-describedby={describedBy}
                aria-disabled={closed || undefined}
                data-mark={mark}
                data-recorded={state?.status.state ?? "none"}
                data-flagged={clash ? "" : undefined}
                data-waiting={state?.waiting}
                onClick={() => {
                  if (!closed) onTap(hole);
                }}
                className={`relative flex aspect-square w-full flex-col items-center justify-center rounded-box border-2 text-base font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                  clash
                    ? "ring-2 ring-error ring-offset-2 ring-offset-base-100"
                    : state?.waiting
                      ? // The challenge grids' mark for a hole waiting to sync: a dashed ring.
                        "outline-2 outline-dashed outline-offset-2 outline-base-content"
                      : ""
                } ${
                  mark === "eagle"
                    ? "border-accent bg-accent text-accent-content"
                    : mark === "birdie"
                      ? "border-primary bg-primary text-primary-content"
                      : closed
                        ? "cursor-not-allowed border-dashed border-base-content/55 bg-base-200 text-base-content"
                        : "border-base-content/55 bg-base-100 hover:border-primary"
                }`}
              >
                {hole}
                {/* Drawn as generated content: the button's name says the mark in words, and visible
                    letters that are not part of that name would break WCAG 2.5.3 (label in name). */}
                <span
                  className="text-[10px] font-medium uppercase leading-none before:content-[attr(data-text)]"
                  aria-hidden="true"
                  data-text={mark === "none" ? (closed ? "Done" : "") : MARK_TEXT[mark]}
                />
                {done && (
                  <span
                    className="absolute top-0.5 right-1 text-[10px] font-semibold leading-none before:content-[attr(data-text)]"
                    aria-hidden="true"
                    data-testid={`hole-${hole}-recorded`}
                    data-text={shortRecorded(state, allowMultipleBirdies)}
                  />
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {recorded && (
        <p className="text-xs text-base-content/70">
          B = birdie recorded · E = eagle recorded
          {[...recorded.values()].some((s) => s.waiting) && " · dashed ring = waiting to sync on this device"}
        </p>
      )}
      <p className="text-sm text-base-content/70" aria-live="polite" data-testid="marked-summary">
        {total === 0
          ? "No holes marked yet"
          : `${total} ${total === 1 ? "hole" : "holes"} marked: ${birdies} ${birdies === 1 ? "birdie" : "birdies"}, ${eagles} ${eagles === 1 ? "eagle" : "eagles"}`}
      </p>
    </fieldset>
  );
}
