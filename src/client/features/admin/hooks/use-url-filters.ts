import { useCallback, useMemo } from "react";
import { useSearchParams } from "../../../lib/router";
import { parsePage } from "../lib/paging";

type Filters<K extends string> = Record<K, string>;

/**
 * Search text, filters, page and the open item of an admin list, kept in the URL so a reload, a
 * shared link or the Back button brings the same view back. Values equal to their default are left
 * out of the URL. Changing a filter returns to page 1.
 */
export function useUrlFilters<K extends string>(defaults: Filters<K>) {
  const [params, setParams] = useSearchParams();
  // Pages pass a fresh literal each render: depend on its content, not its identity.
  const defaultsKey = JSON.stringify(defaults);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the defaults' content (defaultsKey), not their identity
  const filters = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) values[key] = params.get(key) ?? defaults[key];
    return values;
  }, [params, defaultsKey]);

  const page = parsePage(params.get("page"));
  const openId = parsePositiveInt(params.get("open"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the defaults' content (defaultsKey), not their identity
  const update = useCallback(
    (patch: Partial<Filters<K>> & { page?: number; open?: number | null }, { push = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          let filterChanged = false;
          for (const [key, value] of Object.entries(patch) as [string, unknown][]) {
            if (key === "page" || key === "open") continue;
            filterChanged = true;
            if (value === undefined || value === (defaults as Record<string, string>)[key]) next.delete(key);
            else next.set(key, String(value));
          }
          if (patch.page !== undefined) {
            if (patch.page <= 1) next.delete("page");
            else next.set("page", String(patch.page));
          } else if (filterChanged) next.delete("page");
          if (patch.open !== undefined) {
            if (patch.open === null) next.delete("open");
            else next.set("open", String(patch.open));
          }
          return next;
        },
        // Opening an item is a step Back should undo; typing and paging replace the entry.
        { replace: !push, preventScrollReset: true },
      );
    },
    [setParams, defaultsKey],
  );

  return { filters, page, openId, update };
}

function parsePositiveInt(raw: string | null): number | null {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
}
