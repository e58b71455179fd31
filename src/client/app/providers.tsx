import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { AuthProvider } from "../features/auth/public";
import { prefetchEarlyChallenge, seedEarlyChallengeList } from "../features/challenges/public";
import { seedEarlyBoard } from "../features/leaderboards/public";
import { createQueryClient } from "../lib/query-client";
import { createTrpcClient, trpc } from "../lib/trpc";

type AppClients = { queryClient: QueryClient; trpcClient: ReturnType<typeof createTrpcClient> };
let pageClients: AppClients | undefined;

/**
 * The page's one query client and tRPC client, made once per page outside React's state. The first
 * render is a transition (ADR 0052), and React throws away a first render that has not committed
 * yet (a lazy page still loading) and starts again, running state initialisers again: a second
 * query client then lost what the first had been given (the signed-in golfer from the HTML, taken
 * once; the challenge loaded with the HTML) and asked the server for all of it again (e2e
 * first-paint: 3-5 cold challenge loads in 10 here).
 */
function appClients(): AppClients {
  if (!pageClients) {
    pageClients = { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
    prefetchEarlyChallenge(pageClients.queryClient, pageClients.trpcClient);
    seedEarlyChallengeList(pageClients.queryClient);
    seedEarlyBoard(pageClients.queryClient);
  }
  return pageClients;
}

/**
 * The server renders one first screen after another in one process (ADR 0055): each starts from
 * empty clients, as a page does, and nothing one golfer's render put in the cache reaches the next.
 */
export function forgetAppClients(): void {
  pageClients?.queryClient.clear();
  pageClients = undefined;
}

export function Providers({ children }: { children: ReactNode }) {
  const { queryClient, trpcClient } = appClients();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
