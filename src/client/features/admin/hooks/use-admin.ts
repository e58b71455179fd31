import type {
  AdminChallengeListInput,
  AdminSupportListInput,
  AdminUserListInput,
} from "../../../../shared/schemas/admin";
import type { FlagStatus } from "../../../../shared/domain/fairplay";
import { trpc } from "../../../lib/trpc";

// The admin pages' data. Admin figures move while the page is open (other people sign up, record,
// write in), so unlike the app's defaults these go stale after a short while and refresh when the
// admin comes back to the tab; every admin mutation invalidates all admin queries.
const FRESH_MS = 30_000;
const live = { staleTime: FRESH_MS, refetchOnWindowFocus: true } as const;
// Keep the current rows on screen while the next page or search loads, so tables do not jump.
const paged = { ...live, placeholderData: <T>(previous: T | undefined) => previous } as const;

export function useAdminDashboard() {
  return trpc.admin.dashboard.useQuery(undefined, live);
}

export function useAdminAnalytics() {
  return trpc.admin.analytics.useQuery(undefined, live);
}

export function useAuditLog(page: number, pageSize = 10) {
  return trpc.admin.audit.list.useQuery({ page, pageSize }, paged);
}

export function useAdminUsers(input: AdminUserListInput) {
  return trpc.admin.users.list.useQuery(input, paged);
}

export function useAdminUserDetail(userId: number | null) {
  return trpc.admin.users.detail.useQuery({ userId: userId ?? 0 }, { ...live, enabled: userId !== null });
}

export function useAdminChallenges(input: AdminChallengeListInput) {
  return trpc.admin.challenges.list.useQuery(input, paged);
}

export function useAdminChallengeDetail(challengeId: number | null) {
  return trpc.admin.challenges.detail.useQuery(
    { challengeId: challengeId ?? 0 },
    { ...live, enabled: challengeId !== null },
  );
}

export function useSupportInbox(input: AdminSupportListInput) {
  return trpc.admin.support.list.useQuery(input, paged);
}

/** The fair-play review queue: flags with one status, a page at a time. */
export function useFlagQueue(status: FlagStatus, page: number) {
  return trpc.admin.flags.list.useQuery({ status, page }, paged);
}

/** Every admin action; each refreshes all admin data (totals, lists, audit log) once it lands. */
export function useAdminActions() {
  const utils = trpc.useUtils();
  // Not awaited: the caller closes a drawer about a deleted challenge before its refetch could fail.
  const onSuccess = () => {
    void utils.admin.invalidate();
  };
  return {
    setAdmin: trpc.admin.users.setAdmin.useMutation({ onSuccess }),
    setDisabled: trpc.admin.users.setDisabled.useMutation({ onSuccess }),
    deleteChallenge: trpc.admin.challenges.delete.useMutation({ onSuccess }),
    setSupportStatus: trpc.admin.support.setStatus.useMutation({ onSuccess }),
    replyToSupport: trpc.admin.support.reply.useMutation({ onSuccess }),
    dismissFlag: trpc.admin.flags.dismiss.useMutation({ onSuccess }),
    voidFlagRecords: trpc.admin.flags.voidRecords.useMutation({ onSuccess }),
    disableFlaggedUser: trpc.admin.flags.disableUser.useMutation({ onSuccess }),
  };
}
