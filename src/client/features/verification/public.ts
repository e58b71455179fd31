// What other client features use from verification (two-key verification and moderation, ADR 0040).
export { StatusBadge } from "./components/status-badge";
export { RecordVerification, type VerifiableRecord } from "./components/record-verification";
export { VerificationRequestActions } from "./components/verification-request-actions";
