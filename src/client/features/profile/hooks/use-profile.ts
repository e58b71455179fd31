import { useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../../../shared/schemas/auth";
import { trpc } from "../../../lib/trpc";
import { setCurrentUser } from "../../auth/public";

/**
 * After a profile change the answer becomes the current user at once (header avatar, greeting),
 * and lists that show players' names and pictures are read again.
 */
function useApplyUser() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return (user: PublicUser) => {
    setCurrentUser(queryClient, user);
    void utils.challenges.players.invalidate();
    void utils.leaderboards.invalidate();
    void utils.chat.invalidate();
  };
}

export function useUploadPicture() {
  const apply = useApplyUser();
  return trpc.profile.uploadPicture.useMutation({ onSuccess: apply });
}

export function useRemovePicture() {
  const apply = useApplyUser();
  return trpc.profile.removePicture.useMutation({ onSuccess: apply });
}

export function useUpdateProfile() {
  const apply = useApplyUser();
  return trpc.profile.update.useMutation({ onSuccess: apply });
}

/** Changing the password keeps this session; the server ends every other one. */
export function useChangePassword() {
  return trpc.auth.changePassword.useMutation();
}
