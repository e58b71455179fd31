// The chat's sizes (docs/product/rules.md#rooms), apart from the zod schemas that check them: the
// chat card shows them on the dashboard and a challenge's page, which load no zod (ADR 0048).

/** A message is at most this many characters, after trimming. */
export const CHAT_MESSAGE_MAX = 1000;
/** Messages per page when the client names no limit. */
export const CHAT_PAGE_DEFAULT = 50;
/** The most messages one page may ask for. */
export const CHAT_PAGE_MAX = 100;
