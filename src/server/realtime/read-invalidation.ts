import { type ReadCache, readDeps } from "../lib/read-cache";
import type { BusEvent } from "./bus";

/**
 * The deps a notification changes (ADR 0056), or "all" when nothing cached can be trusted any
 * more. A record changes its challenge's board and its golfer's list; a membership, the challenge
 * (its player count, its board, who may read it) and the golfer's list; a chat line, the room's
 * pages; an award, the golfer's achievements; a user row, how that golfer is shown everywhere. A
 * listener that re-subscribed missed what came meanwhile.
 */
export function changedDeps(event: BusEvent): string[] | "all" {
  switch (event.kind) {
    case "read-changed":
      if (event.all) return "all";
      return [
        ...event.records.flatMap(([challengeId, userId]) => [readDeps.records(challengeId), readDeps.user(userId)]),
        ...event.members.flatMap(([challengeId, userId]) => [readDeps.challenge(challengeId), readDeps.user(userId)]),
        ...event.challenges.map(readDeps.challenge),
        ...event.achievements.map(readDeps.achievements),
      ];
    case "message":
    case "message-changed":
      return [readDeps.chat(event.challengeId)];
    case "users-changed":
      return event.userIds.map(readDeps.name);
    case "resync":
      return "all";
    default:
      return [];
  }
}

/** Drops from `cache` what `event` changed. */
export function invalidateReads(cache: ReadCache, event: BusEvent): void {
  const deps = changedDeps(event);
  if (deps === "all") cache.clear();
  else if (deps.length) cache.invalidate(deps);
}
