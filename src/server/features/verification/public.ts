// What other features may use of verification (dependency boundaries, ADR 0027): the one way a
// record's status changes (the admin review queue voids records through it).
export { changeRecordStatus, type StatusChange } from "./status-change";
