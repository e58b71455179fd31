import type { z } from "zod";
import { badRequest } from "./errors";

/**
 * The message a client sees for a failed schema: the first issue, which is the product's message
 * (docs/product/texts-and-messages.md#validation-messages-from-the-shared-schemas).
 */
export function firstIssueMessage(error: { issues: { message: string; path: PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  // Zod's own fallbacks ("Invalid input: expected string, received undefined") name a path; keep
  // them readable by prefixing the field.
  if (/^Invalid input|^Expected|^Unrecognized/i.test(issue.message) && issue.path.length) {
    return `${issue.path.join(".")}: ${issue.message}`;
  }
  return issue.message;
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}

export const NUL_MESSAGE = "Text cannot contain NUL characters";

/**
 * True when a string (or key) anywhere inside `value` holds U+0000, which PostgreSQL text cannot
 * store (the query would fail with a 500). Iterative, so deeply nested input cannot overflow.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\0")) return true;
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes("\0")) return true;
        stack.push(x);
      }
    }
  }
  return false;
}
