type IssueLike = { path: readonly PropertyKey[]; message: string };

/** The first validation message of each top-level field, for showing under that field. */
export function firstIssueByField(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
