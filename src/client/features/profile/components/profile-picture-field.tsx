import { type ChangeEvent, useId, useRef, useState } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { toast } from "../../../lib/toast";
import type { SessionUser } from "../../../lib/session";
import { useRemovePicture, useUploadPicture } from "../hooks/use-profile";
import {
  INVALID_TYPE_TOAST,
  PICTURE_UPDATE_FAILED,
  pictureFileProblem,
  SHOWN_FORMATS,
  type ToastText,
} from "../lib/picture-file";
import { resizeToJpegDataUrl } from "../lib/resize-image";

/**
 * Picture upload (docs/product/rules.md#profile): image files only, at most 5 MB, resized here to 800x800 JPEG
 * 0.85. The new picture shows at once while it uploads; a failure puts the previous one back.
 * The file input itself stays out of sight and out of the tab order: a real button opens it, so
 * keyboard focus is always on something that shows it (WCAG 2.4.7). Problems stay written under
 * the picture, not only in a toast.
 */
export function ProfilePictureField({ user }: { user: SessionUser }) {
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<ToastText | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const uploading = upload.isPending;
  const shown = preview ?? user.profilePicture;
  const name = user.displayName || user.username;

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = "";
    if (!file) return;
    const refuse = (text: ToastText) => {
      setProblem(text);
      toast({ ...text, variant: "destructive" });
    };
    setProblem(null);
    const fileProblem = pictureFileProblem(file);
    if (fileProblem) {
      refuse(fileProblem);
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await resizeToJpegDataUrl(file);
    } catch {
      // Claims to be an image but the browser cannot decode it.
      refuse(INVALID_TYPE_TOAST);
      return;
    }
    setPreview(dataUrl);
    try {
      await upload.mutateAsync({ profilePicture: dataUrl });
      toast({ title: "Profile picture updated", description: "Your new picture is live." });
    } catch {
      refuse(PICTURE_UPDATE_FAILED);
    } finally {
      // Success: the user's versioned picture URL takes over. Failure: the previous picture returns.
      setPreview(null);
    }
  }

  async function onRemove() {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast({ title: "Profile picture removed", description: "Your initials show instead." });
    } catch {
      setProblem(PICTURE_UPDATE_FAILED);
      toast({ ...PICTURE_UPDATE_FAILED, variant: "destructive" });
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative" aria-busy={uploading}>
        <Avatar name={name} src={shown} size="xl" />
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-base-100/70">
            <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
          </span>
        )}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className={`btn btn-primary btn-sm ${uploading ? "btn-disabled" : ""}`}
            aria-disabled={uploading || undefined}
            aria-describedby={problem ? problemId : undefined}
            onClick={() => !uploading && inputRef.current?.click()}
          >
            {uploading ? "Uploading..." : user.profilePicture ? "Change picture" : "Upload picture"}
          </button>
          <input
            ref={inputRef}
            type="file"
            accept="image/*"
            aria-label="Profile picture"
            className="hidden"
            tabIndex={-1}
            disabled={uploading}
            onChange={(e) => void onFileChosen(e)}
          />
          {user.profilePicture && !uploading && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={remove.isPending}
              onClick={() => void onRemove()}
            >
              Remove
            </button>
          )}
        </div>
        <p className="text-xs text-base-content/60">{SHOWN_FORMATS}. Max 5MB.</p>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-error">
            {problem.title}: {problem.description}
          </p>
        )}
        {uploading && (
          <p role="status" className="text-sm text-base-content/70">
            Uploading picture...
          </p>
        )}
      </div>
    </div>
  );
}
