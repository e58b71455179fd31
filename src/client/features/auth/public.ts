// What other features and the app shell may use from auth. Reading who is signed in is not here:
// that is app-wide state (lib/session.ts, hooks/use-current-user.ts).

/** Sign-in, sign-up and logout with their toasts: the admin sign-in and the layouts' logout buttons. */
export { useAuth } from "./hooks/use-auth";
/** Owns the current-user query and device cache; mounted once by the app providers. */
export { AuthProvider } from "./components/auth-provider";
/** The admin sign-in and the profile form swap in the user the server answered with. */
export { setCurrentUser } from "./lib/current-user";
/** Guards and the admin sign-in build and check the `redirect` back after signing in. */
export { authRedirectUrl, safeRedirectTarget } from "./lib/safe-redirect";
/** The "please confirm your e-mail" banner of the signed-in layout. */
export { EmailConfirmBanner } from "./components/email-confirm-banner";
/** Settings -> Email: the change-of-address form. */
export { ChangeEmailForm } from "./components/change-email-form";
/** The admin sign-in checks its form with the same schema as the golfers' (loaded lazily). */
export { loginSchema } from "./lib/form-schemas";
