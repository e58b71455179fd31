import type { ServiceContext } from "../context";

/** A tRPC call's context: the service context plus a way to set cookies on the answer. */
export type Context = ServiceContext & {
  /** Adds a Set-Cookie header to the response (tRPC's createContext cannot use Hono's c.header). */
  setCookie(cookie: string): void;
};
