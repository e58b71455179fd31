import { INVALID_PICTURE_TYPE, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE } from "../../../../shared/schemas/picture-limits";

// Profile picture (docs/product/texts-and-messages.md#profile-picture): the shared messages read
// "Title: description" and show as a toast.
export type ToastText = { title: string; description: string };

export function splitMessage(message: string): ToastText {
  const at = message.indexOf(": ");
  return at < 0
    ? { title: message, description: "" }
    : { title: message.slice(0, at), description: message.slice(at + 2) };
}

export const INVALID_TYPE_TOAST = splitMessage(INVALID_PICTURE_TYPE);
export const TOO_LARGE_TOAST = splitMessage(PICTURE_TOO_LARGE);
export const PICTURE_UPDATE_FAILED: ToastText = {
  title: "Update failed",
  description: "Failed to update profile picture. Please try again with a smaller image.",
};
export const PROFILE_UPDATE_FAILED: ToastText = {
  title: "Update failed",
  description: "Failed to update profile. Please try again.",
};
export const SHOWN_FORMATS = "JPG, PNG or GIF";

/** The toast for a file that cannot be a profile picture, or null when it may be resized and sent. */
export function pictureFileProblem(file: { type: string; size: number }): ToastText | null {
  if (!file.type.startsWith("image/")) return INVALID_TYPE_TOAST;
  if (file.size > MAX_PICTURE_BYTES) return TOO_LARGE_TOAST;
  return null;
}

/** The size that fits inside max x max keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, max = 800): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
