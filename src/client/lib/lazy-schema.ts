import { useEffect } from "react";
import type { z } from "zod";
import { toast } from "./toast";

/**
 * A shared zod schema that a page loads after its first render rather than with its own chunk
 * (issue 19, Total Blocking Time). Building zod's schemas is the largest part of evaluating the
 * sign-in and profile pages' chunks: evaluated with them, it lengthens the one long task that
 * blocks a phone's main thread while the page appears. Imported here, zod and the schemas are
 * evaluated in a task of their own once the form has mounted (`usePreloadedSchema`); a check made
 * before they have arrived waits for them. A failed import (the chunk could not be fetched) is
 * tried again by the next check.
 */
export type LazySchema<S extends z.ZodType> = { load(): Promise<S> };

export function lazySchema<S extends z.ZodType>(importer: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  return {
    load() {
      loading ??= importer().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

/** Starts loading `schema` once the form has mounted (a task of its own, after the first paint). */
export function usePreloadedSchema<S extends z.ZodType>(schema: LazySchema<S>): void {
  useEffect(() => {
    schema.load().catch(() => undefined);
  }, [schema]);
}

/**
 * The schema, or null after telling the golfer: only when its chunk could not be fetched (no
 * signal, and the app's files not yet kept by the service worker).
 */
export async function schemaOrSay<S extends z.ZodType>(schema: LazySchema<S>): Promise<S | null> {
  try {
    return await schema.load();
  } catch {
    toast({
      title: "You're offline",
      description: "This form could not be checked. Please try again when you are back online.",
      variant: "destructive",
    });
    return null;
  }
}

/** `input` checked by `schema` once it has loaded; null when it could not load (the golfer was told). */
export async function parseWith<S extends z.ZodType>(
  schema: LazySchema<S>,
  input: unknown,
): Promise<z.ZodSafeParseResult<z.output<S>> | null> {
  const loaded = await schemaOrSay(schema);
  return loaded ? loaded.safeParse(input) : null;
}
