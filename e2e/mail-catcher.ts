// The e2e server sends mail to an SMTP catcher on this port (e2e/serve.ts sets SMTP_URL); specs
// that read mail start the catcher (a real SMTP server in the spec's process) on it. Mail sent
// while no catcher listens is retried by the job queue, as it would be for a real mail server.
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
