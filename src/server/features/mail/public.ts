// What other features use of the mail feature (ADR 0034).
export { linkOrigin, mailEnabled, queueMail } from "./outbox";
export { mailJobs } from "./send";
export * as mailTemplates from "./templates";
export type { Mail } from "./templates";
