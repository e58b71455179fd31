// argon2id through Bun's native implementation. Tests use a cheap cost so the suite stays fast;
// production keeps Bun's defaults (64 MiB, t=2).
const cheap = process.env.NODE_ENV === "test";
const options = cheap
  ? ({ algorithm: "argon2id", memoryCost: 1024, timeCost: 1 } as const)
  : ({ algorithm: "argon2id" } as const);

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, options);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time as a real check when the user does not exist, so timing leaks nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(password, await dummyHash);
  return false;
}
