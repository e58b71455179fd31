/** The register field a server refusal is about ("Username is already taken"), or null for the form. */
export function registerFailureField(message: string): "username" | "email" | null {
  if (/^username\b/i.test(message)) return "username";
  if (/^email\b/i.test(message)) return "email";
  return null;
}
