// The job queue (ADR 0032): features enqueue with enqueueJob and export their handlers; server.ts
// composes them into the process's JobRunner.
export { DEFAULT_MAX_ATTEMPTS, type EnqueueOptions, enqueueJob, enqueueJobs, type JobSpec } from "./queue";
export { type JobHandler, type JobHandlers, JobRunner, type RunnerOptions } from "./runner";
