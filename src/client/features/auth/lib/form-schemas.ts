import { lazySchema } from "../../../lib/lazy-schema";

// The sign-in, registration and recovery forms' schemas, loaded after the page has rendered
// (lib/lazy-schema.ts): the auth page's chunk carries no zod.
const auth = () => import("../../../../shared/schemas/auth");
const recovery = () => import("../../../../shared/schemas/recovery");

export const loginSchema = lazySchema(() => auth().then((m) => m.loginSchema));
export const registerSchema = lazySchema(() => auth().then((m) => m.registerSchema));
export const changeEmailSchema = lazySchema(() => recovery().then((m) => m.changeEmailSchema));
export const passwordResetRequestSchema = lazySchema(() => recovery().then((m) => m.passwordResetRequestSchema));
