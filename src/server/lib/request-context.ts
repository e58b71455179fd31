import { AsyncLocalStorage } from "node:async_hooks";

/** What the logger adds to every line written while a request is being answered. */
export type RequestContext = { requestId: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();
