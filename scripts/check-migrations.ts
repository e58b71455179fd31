import { join } from "node:path";
import { checkMigrations } from "../src/server/db/migration-rules";

// `bun run check:migrations` (part of `bun run test`): refuses a migration that would break the
// release still running during a rolling upgrade unless it is a marked contract step (ADR 0025).
const root = join(import.meta.dir, "..");
const results = checkMigrations(join(root, "drizzle"), join(root, "docs", "decisions"));
const problems = results.filter((r) => r.problem);
for (const r of results.filter((r) => r.contractAdr && !r.problem)) {
  console.log(`${r.file}: contract step (ADR ${r.contractAdr}): ${r.findings.map((f) => f.reason).join(", ")}`);
}
if (problems.length) {
  for (const p of problems) {
    console.error(p.problem);
    for (const f of p.findings) console.error(`  ${f.reason}: ${f.statement.slice(0, 160)}`);
  }
  process.exit(1);
}
console.log(`${results.length} migrations checked: expand-only or marked contract steps.`);
