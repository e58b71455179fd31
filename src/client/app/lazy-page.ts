import { type ComponentType, createElement, lazy } from "react";

export type LazyPage = ComponentType & {
  /** Loads the page's chunk; once it is in, the page renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy for a module's named export: pages keep named exports (the project avoids default
 * exports) and each still loads as its own chunk. A page whose chunk was preloaded renders at once
 * instead of through React.lazy, which suspends on its first render whatever was loaded before:
 * hydrating a prerendered first screen (ADR 0054) needs the page there in that first render, or
 * React throws the server's nodes away when the app's first update reaches the waiting boundary.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level (router.tsx), as React.lazy is.
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  Page.displayName = name;
  return Object.assign(Page, { preload });
}
