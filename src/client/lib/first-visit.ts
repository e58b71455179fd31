// A brand-new golfer is greeted "Welcome to Birdie Challenge", not "Welcome back"
// (docs/product/routes-and-screens.md#dashboard). The account is new for the visit it was created
// in: sign-up marks it in this tab's session storage, so reloads keep the welcome, and any later
// visit (a new tab or app start, a sign-in on any device) says welcome back.

const KEY = "birdie.new-account";

export function markNewAccount(userId: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(userId));
  } catch {
    // Without storage the new golfer is greeted as returning: a wording, not a failure.
  }
}

export function isNewAccountVisit(userId: number | null | undefined): boolean {
  if (userId == null) return false;
  try {
    return window.sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}
