// A profile picture's limits and messages (docs/product/texts-and-messages.md#profile-picture), in
// a module without zod: the profile page checks a chosen file with them before any schema loads.
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const INVALID_PICTURE_TYPE = "Invalid file type: Please select an image file.";
export const PICTURE_TOO_LARGE = "File too large: Please select an image smaller than 5MB.";
