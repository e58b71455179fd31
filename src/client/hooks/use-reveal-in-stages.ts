import { startTransition, useEffect, useState } from "react";

/**
 * How many of a page's `stages` later parts to show: none in the first render, then one more per
 * frame, each added in a low-priority render once the browser has painted the one before (a task
 * queued from requestAnimationFrame runs after that frame's paint). A long page's below-the-fold
 * cards then mount a few at a time, so no single commit of them blocks a phone's main thread for
 * long (issue 19: Total Blocking Time). A hidden tab shows them when it is next painted. Each
 * stage's content must go below or beside what is already painted, never above it (no shift).
 */
export function useRevealInStages(stages: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= stages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(stages, n + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, stages]);
  return shown;
}
