import { useDeferredValue } from "react";

/**
 * False in a component's first render, true in the render React does right after it, at a lower
 * priority that yields to the browser: a long page mounts what the first screen shows, paints it,
 * then adds what lies below in a second, interruptible pass (issue 19: a sooner largest paint and
 * shorter main-thread tasks on a phone). Content behind it must not move what was already painted.
 */
export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}
