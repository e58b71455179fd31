// docs/product/routes-and-screens.md#data-freshness, for the queries more than one feature shows.

/** My Challenges is fresh for 10 s and asked for again every 15 s while a page that lists it is open. */
export const MY_CHALLENGES_STALE_MS = 10_000;
export const MY_CHALLENGES_POLL_MS = 15_000;
