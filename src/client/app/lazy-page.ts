import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a module's named export: pages keep named exports (the project avoids default
 * exports) and each still loads as its own chunk.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
