// Reconnect delays for the chat socket: 1 s, 2 s, 4 s ... capped at 30 s. A little jitter keeps a
// whole club's phones from reconnecting in the same instant after a server restart.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
const JITTER = 0.2;

/** The delay before reconnect attempt `attempt` (0 = the first retry); `random` in [0, 1). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt)) : 0;
  // 2^5 already passes the cap; stop there so large attempt counts cannot overflow.
  const nominal = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(step, 5));
  const jittered = nominal * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_BASE_MS, jittered)));
}
