// What other features use of auth: admins mail or hand over password reset links (ADR 0035).
export { issuePasswordResetLink, mailPasswordResetLink } from "./password-reset";
