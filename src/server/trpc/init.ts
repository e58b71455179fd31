import { initTRPC, TRPCError } from "@trpc/server";
import { ADMINS_ONLY } from "../../shared/schemas/admin";
import { ALREADY_EXISTS, AppError, isDatabaseDown, trpcCodeOf, uniqueViolation } from "../lib/errors";
import { containsNul, firstIssueMessage, NUL_MESSAGE } from "../lib/validate";
import { wireTransformer } from "../../shared/wire/trpc-transformer";
import type { Context } from "./context";

const GENERIC = "Something went wrong. Please try again.";

const t = initTRPC.context<Context>().create({
  // Answers with numeric-keyed objects (holeCounts) travel in a form JSON.stringify is fast on;
  // the client's link decodes them (ADR 0061).
  transformer: wireTransformer,
  // Clients get `{ message }` they can show; never a stack trace or SQL.
  errorFormatter({ shape, error }) {
    const cause = error.cause as { issues?: { message: string; path: PropertyKey[] }[] } | undefined;
    let message = shape.message;
    if (error.code === "BAD_REQUEST" && cause?.issues) message = firstIssueMessage(cause as never);
    else if (error.code === "INTERNAL_SERVER_ERROR") message = GENERIC;
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
    };
  },
});

/** Turns the services' AppError (and an unreachable database) into the matching tRPC code. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause ?? result.error;
    if (cause instanceof AppError) {
      (result as { error: TRPCError }).error = new TRPCError({
        code: trpcCodeOf[cause.kind],
        message: cause.message,
        cause,
      });
    } else if (result.error.code === "BAD_REQUEST" && (cause as { issues?: unknown }).issues) {
      // Input validation: the first issue's text, the product's message, for callers and HTTP alike
      // (docs/product/texts-and-messages.md#validation-messages-from-the-shared-schemas).
      (result as { error: TRPCError }).error = new TRPCError({
        code: "BAD_REQUEST",
        message: firstIssueMessage(cause as never),
        cause,
      });
    } else if (result.error.code === "INTERNAL_SERVER_ERROR" && isDatabaseDown(cause)) {
      (result as { error: TRPCError }).error = new TRPCError({
        code: "SERVICE_UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again shortly.",
      });
    } else if (result.error.code === "INTERNAL_SERVER_ERROR" && uniqueViolation(cause)) {
      (result as { error: TRPCError }).error = new TRPCError({ code: "CONFLICT", message: ALREADY_EXISTS });
    }
  }
  return result;
});

/** PostgreSQL text cannot hold U+0000: refuse such input with a 400 before it reaches a query. */
const refuseNul = t.middleware(async ({ getRawInput, next }) => {
  if (containsNul(await getRawInput())) throw new TRPCError({ code: "BAD_REQUEST", message: NUL_MESSAGE });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
const baseProcedure = t.procedure.use(mapAppErrors);
export const publicProcedure = baseProcedure.use(refuseNul);

const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Not signed in" });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
// The NUL check runs after the access checks: a signed-out caller gets 401, a non-admin 403, first.
export const protectedProcedure = signedInProcedure.use(refuseNul);

/**
 * Admin calls: a signed-in, enabled admin, or 403 with nothing else to learn. It runs before the
 * input parser, so a non-admin never sees validation messages of admin inputs either.
 */
export const adminProcedure = signedInProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user.isAdmin || ctx.user.disabled) throw new TRPCError({ code: "FORBIDDEN", message: ADMINS_ONLY });
    return next();
  })
  .use(refuseNul);
