import { trpc } from "../../../lib/trpc";

/** Sends a request; the golfer's list of requests then shows it. */
export function useCreateSupportRequest() {
  const utils = trpc.useUtils();
  return trpc.support.create.useMutation({ onSuccess: () => void utils.support.mine.invalidate() });
}

/** The golfer's own requests with the admins' replies. */
export function useMySupportRequests() {
  return trpc.support.mine.useQuery();
}
