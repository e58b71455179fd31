import { createTRPCReact, httpBatchLink } from "@trpc/react-query";
import type { AppRouter } from "../../server/trpc/router";
import { wireTransformer } from "../../shared/wire/trpc-transformer";

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // Not a streaming link: the session cookie is set through response headers, which a
      // streamed batch has already sent by the time a procedure runs.
      httpBatchLink({
        url: "/trpc",
        // The server's answers decoded as it encoded them (ADR 0061).
        transformer: wireTransformer,
        fetch: (input, init) => fetch(input, { ...init, credentials: "include" }),
      }),
    ],
  });
}
