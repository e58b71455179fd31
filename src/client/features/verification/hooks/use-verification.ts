import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { trpc } from "../../../lib/trpc";

/** After a status change: the records, boards and chat (as after recording), plus the lists here. */
function useAfterChange() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterRecordChange();
  return () => {
    void utils.verification.invalidate();
    void utils.notifications.invalidate();
    void refresh(0);
  };
}

export function useVerificationActions() {
  const after = useAfterChange();
  const options = { onSuccess: after };
  return {
    confirm: trpc.verification.confirm.useMutation(options),
    dispute: trpc.verification.dispute.useMutation(options),
    void: trpc.verification.void.useMutation(options),
    restore: trpc.verification.restore.useMutation(options),
  };
}

export const useRecordHistory = (id: number, enabled: boolean) =>
  trpc.verification.history.useQuery({ id }, { enabled });

export const usePendingVerifications = () => trpc.verification.pending.useQuery(undefined, { staleTime: 10_000 });
