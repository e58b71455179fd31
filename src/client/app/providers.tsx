import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/toaster";
import { AuthProvider } from "../features/auth/public";
import { prefetchEarlyChallenge } from "../features/challenges/public";
import { createQueryClient } from "../lib/query-client";
import { createTrpcClient, trpc } from "../lib/trpc";

export function Providers({ children }: { children: ReactNode }) {
  const [{ queryClient, trpcClient }] = useState(() => {
    const clients = { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
    prefetchEarlyChallenge(clients.queryClient, clients.trpcClient);
    return clients;
  });
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
