import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Rolling upgrades run the previous release against the new schema for a while (ADR 0025), so a
// migration may only expand: add tables, nullable or defaulted columns, indexes, functions. A step
// that breaks the previous release's queries (dropping or renaming a table or column, changing a
// column's type, making one NOT NULL, adding a NOT NULL column without a default) is a contract
// step: it ships only once no running release uses the old shape, and says so on a line of its own:
//   -- contract: ADR 0026
// naming the decision record (docs/decisions/0026-*.md) that explains the rollout.

export type Finding = { file: string; statement: string; reason: string };

const CONTRACT_MARK = /^--\s*contract:\s*ADR\s+(\d{4})\b/im;

/** Text the rules must not read: comments, string literals, and dollar-quoted bodies (functions). */
function codeOnly(sql: string): string {
  return sql
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, " ")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ");
}

const RULES: [RegExp, string][] = [
  [/\bdrop\s+table\b/i, "drops a table"],
  [
    /\balter\s+table\b[\s\S]*?\bdrop\s+(?:column\s+)?(?!constraint\b|default\b|not\s+null\b|identity\b|expression\b)"?\w/i,
    "drops a column",
  ],
  [/\balter\s+table\b[\s\S]*?\brename\s+(?:column\s+)?"?\w+"?\s+to\b/i, "renames a column"],
  [/\balter\s+table\b[\s\S]*?\brename\s+to\b/i, "renames a table"],
  [/\balter\s+column\s+"?\w+"?\s+(?:set\s+data\s+)?type\b/i, "changes a column's type"],
  [/\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i, "makes a column NOT NULL"],
];

/** `add column ... not null` with no default: the previous release's inserts leave it empty. */
function addsRequiredColumn(statement: string): boolean {
  for (const match of statement.matchAll(/\badd\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?"?\w+"?([^,;]*)/gi)) {
    const rest = match[1] ?? "";
    if (/^\s*constraint\b/i.test(rest)) continue;
    if (/\bnot\s+null\b/i.test(rest) && !/\bdefault\b|\bgenerated\b/i.test(rest)) return true;
  }
  return false;
}

/** What in one migration file would break the previous release (empty: it only expands). */
export function contractSteps(file: string, sql: string): Finding[] {
  const findings: Finding[] = [];
  for (const raw of codeOnly(sql).split(/;|-->\s*statement-breakpoint/)) {
    const statement = raw.replace(/\s+/g, " ").trim();
    if (!statement) continue;
    for (const [pattern, reason] of RULES) {
      if (pattern.test(statement)) findings.push({ file, statement, reason });
    }
    if (/^alter\s+table\b/i.test(statement) && addsRequiredColumn(statement)) {
      findings.push({ file, statement, reason: "adds a NOT NULL column without a default" });
    }
  }
  return findings;
}

export type CheckResult = { file: string; findings: Finding[]; contractAdr?: string; problem?: string };

/**
 * Every migration in `migrationsDir`: a file with contract steps passes only when it is marked as
 * a contract step naming an ADR that exists in `decisionsDir`.
 */
export function checkMigrations(migrationsDir: string, decisionsDir: string): CheckResult[] {
  const adrs = existsSync(decisionsDir) ? readdirSync(decisionsDir) : [];
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(migrationsDir, file), "utf8");
      const findings = contractSteps(file, sql);
      const adr = CONTRACT_MARK.exec(sql)?.[1];
      if (!findings.length) return { file, findings };
      if (!adr) {
        return {
          file,
          findings,
          problem: `${file} ${findings.map((f) => f.reason).join(", ")}, which breaks the release still running during a rolling upgrade. Expand instead (add, copy, switch the code over), or, once no running release needs the old shape, mark the file with a line "-- contract: ADR NNNN" naming the ADR that plans the rollout.`,
        };
      }
      if (!adrs.some((name) => name.startsWith(`${adr}-`))) {
        return {
          file,
          findings,
          contractAdr: adr,
          problem: `${file} is marked "contract: ADR ${adr}", but docs/decisions has no ${adr}-*.md.`,
        };
      }
      return { file, findings, contractAdr: adr };
    });
}
