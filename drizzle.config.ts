import { defineConfig } from "drizzle-kit";

// `bun run db:generate` turns schema changes into a committed SQL migration in drizzle/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
});
