// The e2e admin. e2e/serve.ts creates this account before the server starts and lists it in
// ADMIN_USERNAMES, because the server grants admin only to accounts that exist when it starts
// (sign-up never makes an admin).
export const E2E_ADMIN = {
  username: "e2e_admin",
  password: "admin-pass-123",
  displayName: "Club Admin",
  email: "e2e_admin@example.com",
} as const;
