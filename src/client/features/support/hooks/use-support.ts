import { trpc } from "../../../lib/trpc";

export function useCreateSupportRequest() {
  return trpc.support.create.useMutation();
}
