import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs`, so countdowns, tab membership and '1m ago'
 * labels move on their own while a page stays open.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
