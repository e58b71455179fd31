import type { Db } from "./db/client";
import type { SessionRow, UserRow } from "./db/schema/users";
import type { AppDeps } from "./deps";

export type RequestMeta = {
  ip: string;
  /** The request came over https (directly or via a trusted proxy): cookies get `Secure`. */
  secure: boolean;
  /**
   * The origin the request came to (its Host, already checked against PUBLIC_ORIGIN when set):
   * links in mails start with it when PUBLIC_ORIGIN is unset. Left out by callers with no request.
   */
  origin?: string;
};

/**
 * What every service call runs with, whichever transport it came by (ADR 0022). tRPC builds it in
 * its context, REST in `http/context.ts`, tests in the harness. Services take it first and their
 * already-parsed, typed input second: `service(ctx, input)`.
 */
export type ServiceContext = {
  /** The database, or the transaction the call runs inside. */
  db: Db;
  deps: AppDeps;
  user: UserRow | null;
  session: SessionRow | null;
  meta: RequestMeta;
  /** The time "now" for rules that depend on it; tests set it, everything else leaves it out. */
  clock?: () => Date;
};

/** A call by a signed-in golfer (tRPC's protectedProcedure, REST's `signedIn(c)`). */
export type SignedInContext = ServiceContext & { user: UserRow; session: SessionRow };

export const now = (ctx: Pick<ServiceContext, "clock">): Date => ctx.clock?.() ?? new Date();

/** The same call, inside the transaction `tx`: what a service passes on to the helpers it runs there. */
export const inTransaction = <C extends ServiceContext>(ctx: C, tx: Db): C => ({ ...ctx, db: tx });
