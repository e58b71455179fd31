import { lazySchema } from "../../../lib/lazy-schema";

// The profile page's forms' schemas, loaded after the page has rendered (lib/lazy-schema.ts): the
// profile page's chunk carries no zod.
const auth = () => import("../../../../shared/schemas/auth");

export const updateProfileSchema = lazySchema(() => auth().then((m) => m.updateProfileSchema));
export const changePasswordSchema = lazySchema(() => auth().then((m) => m.changePasswordSchema));
export const deleteAccountSchema = lazySchema(() =>
  import("../../../../shared/schemas/account").then((m) => m.deleteAccountSchema),
);
