// Messages shared by the sign-in service and the e-mail confirmation service
// (docs/product/texts-and-messages.md#sign-in-and-profile-fields).
export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Please wait a few minutes and try again.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const EMAIL_TAKEN = "Email is already registered";
