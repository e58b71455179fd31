import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
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

// The schema in src/server/db/schema and the newest snapshot in drizzle/meta must agree, or `bun
// run db:generate` writes a migration that creates again what exists (it diffs the schema against
// that snapshot; hand-written migrations left it at 0011 until round 2 session 9). Generating into
// a copy of drizzle/ must find nothing to do.
const copy = mkdtempSync(join(tmpdir(), "birdie-migrations-"));
try {
  cpSync(join(root, "drizzle"), copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const generate = Bun.spawnSync(
    [
      "bunx",
      "drizzle-kit",
      "generate",
      "--dialect=postgresql",
      "--schema=./src/server/db/schema/index.ts",
      // drizzle-kit reads --out relative to the working directory (it prefixes "./").
      `--out=${relative(root, copy)}`,
      "--name=drift-probe",
    ],
    // A rename makes drizzle-kit ask which was meant; with no terminal to answer, the timeout ends it.
    { cwd: root, stdout: "pipe", stderr: "pipe", stdin: "ignore", timeout: 60_000 },
  );
  const added = readdirSync(copy).filter((f) => !before.has(f));
  const output = `${generate.stdout.toString()}${generate.stderr.toString()}`;
  // drizzle-kit can print an error and still exit 0: only its own "nothing to do" counts.
  if (generate.exitCode !== 0 || added.length || !output.includes("No schema changes")) {
    console.error(
      added.length
        ? `The schema differs from drizzle/meta's newest snapshot: \`bun run db:generate\` would write ${added.join(", ")}.\n` +
            "Generate the migration with it (or, for a hand-written migration, commit the snapshot it writes)."
        : `drizzle-kit generate did not run cleanly:\n${output}`,
    );
    process.exit(1);
  }
  console.log("drizzle/meta's newest snapshot matches the schema: db:generate has nothing to write.");
} finally {
  rmSync(copy, { recursive: true, force: true });
}
