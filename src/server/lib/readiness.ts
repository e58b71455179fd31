/**
 * A part of the process that must be working before it takes traffic. /api/health/ready asks
 * every one registered in AppDeps.readiness besides its own (pool, listener, migrations): the job
 * queue registers its own when it exists, e.g. { name: "jobs", ready: () => queue.isPolling() }.
 */
export type ReadinessCheck = {
  /** Named in the 503 answer and as the part's key: short, lower case. */
  name: string;
  ready(): boolean | Promise<boolean>;
};
