import type { QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { createTRPCQueryUtils, getQueryKey } from "@trpc/react-query";
import { carriesChallengeList, challengeDataUrl } from "../../../../shared/domain/page-data";
import type { AppRouter } from "../../../../server/trpc/router";
import { firstPaintData } from "../../../lib/first-paint";
import { trpc } from "../../../lib/trpc";

// A challenge's page opened from the address bar (issue 19, first paint): main.tsx starts loading
// the challenge before React renders (GET /api/challenges/:id, the same call the server's HTML
// preloads, so the browser answers it from that preload), and before the first render the query
// client takes that request as the challenge's query and asks for the rest of the Overview (the
// golfer's records, the board, the hole legends, the players) in one batch. Without this, each
// waited for the page's chunk, then the challenge, then a render: three round trips in a row.

let early: { id: number; response: Promise<Response> } | { id: number; challenge: unknown } | undefined;

/**
 * main.tsx, on /challenges/:id with a signed-in golfer (and the server's first-screen render): the
 * challenge the server put into the HTML (ADR 0055) when it is this one, else a request for it.
 */
export function startChallengeLoad(id: number): void {
  const sent = firstPaintData()?.challenge;
  if (sent && sent.id === id) {
    early ??= { id, challenge: sent };
    return;
  }
  const response = fetch(challengeDataUrl(id), { credentials: "same-origin" });
  response.catch(() => {});
  early ??= { id, response };
}

/**
 * Providers, once, before the first render: the early challenge and the Overview's queries, in
 * the query cache under the keys the page's hooks use, so they find them in flight or answered.
 */
export function prefetchEarlyChallenge(queryClient: QueryClient, client: TRPCClient<AppRouter>): void {
  const pending = early;
  early = undefined;
  if (!pending) return;
  const { id } = pending;
  const key = getQueryKey(trpc.challenges.byId, { id }, "query");
  if ("challenge" in pending) queryClient.setQueryData(key, pending.challenge);
  else
    void queryClient.prefetchQuery({
      queryKey: key,
      queryFn: async () => {
        try {
          const res = await pending.response;
          if (res.ok) return (await res.json()) as unknown;
        } catch {
          // Offline or cut off: asked again below.
        }
        // Refused or failed: asked again through tRPC, whose errors the page knows how to show.
        return client.challenges.byId.query({ id });
      },
    });
  // tRPC's own query helpers: the keys and calls the page's hooks use, sent as one batch.
  const utils = createTRPCQueryUtils({ queryClient, client });
  void utils.birdies.list.prefetch({ challengeId: id });
  void utils.leaderboards.challenge.prefetch({ challengeId: id });
  void utils.results.holes.prefetch({ id });
  void utils.challenges.players.prefetch({ id });
}

/**
 * Providers, once, before the first render: on the record page and the boards, the golfer's
 * challenges their HTML carries (ADR 0073, 0074) answer the list query, so the first render (the
 * server's, then the browser's) is the round's form or the board's selector and tabs instead of a
 * spinner and a request after it.
 */
export function seedEarlyChallengeList(queryClient: QueryClient): void {
  const sent = firstPaintData()?.challenges;
  if (sent && carriesChallengeList(window.location.pathname))
    queryClient.setQueryData(getQueryKey(trpc.challenges.list, undefined, "query"), sent);
}
