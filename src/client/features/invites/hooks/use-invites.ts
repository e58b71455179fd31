import { trpc } from "../../../lib/trpc";

/** The public preview behind an invite code (share and invite pages; no sign-in needed). */
export function useInvitePreview(code: string, enabled = true) {
  return trpc.invites.preview.useQuery({ code }, { enabled });
}

/** The preview for a signed-in golfer, with whether they already play in it. */
export function useInviteDetails(code: string, enabled = true) {
  return trpc.invites.details.useQuery({ code }, { enabled });
}

export function useJoinByCode() {
  const utils = trpc.useUtils();
  return trpc.invites.join.useMutation({
    onSuccess: () => utils.challenges.list.invalidate(),
  });
}

export function useLookupPin() {
  return trpc.invites.lookupPin.useMutation();
}
