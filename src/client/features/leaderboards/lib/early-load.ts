import type { QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { challengeBoardPageId, isGlobalBoardPage, periodFromParam } from "../../../../shared/domain/page-data";
import { firstPaintData } from "../../../lib/first-paint";
import { trpc } from "../../../lib/trpc";

/**
 * Providers, once, before the first render: the board a board page's HTML carries (ADR 0074) answers
 * the page's board query, so the first render (the server's, then the browser's) is the board
 * itself instead of a spinner and a request after the app has started. Only the board this address
 * shows: the global board of the period in `?period=`, a challenge's board for its id.
 */
export function seedEarlyBoard(queryClient: QueryClient): void {
  const sent = firstPaintData();
  const { pathname, search } = window.location;
  const global = sent?.globalBoard;
  if (
    global &&
    isGlobalBoardPage(pathname) &&
    global.period === periodFromParam(new URLSearchParams(search).get("period"))
  )
    queryClient.setQueryData(getQueryKey(trpc.leaderboards.global, { period: global.period }, "query"), global.board);
  const board = sent?.challengeBoard;
  if (board && challengeBoardPageId(pathname) === board.challengeId)
    queryClient.setQueryData(
      getQueryKey(trpc.leaderboards.challenge, { challengeId: board.challengeId }, "query"),
      board.entries,
    );
}
