// TanStack Query keys as tRPC writes them: `[["birdies", "list"], { input, type }]`. The app's own
// keys are plain (`["dashboard"]`).

/** The tRPC router a query belongs to ("birdies"), a plain key's name, or null. */
export function routerOf(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  if (Array.isArray(path) && typeof path[0] === "string") return path[0];
  return typeof path === "string" ? path : null;
}

/** Whether a query belongs to one of `routers`: what invalidations by feature match on. */
export function isRouterQuery(queryKey: readonly unknown[], routers: ReadonlySet<string>): boolean {
  const router = routerOf(queryKey);
  return router !== null && routers.has(router);
}
