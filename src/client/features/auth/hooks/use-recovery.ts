import { trpc } from "../../../lib/trpc";

/**
 * Whether this server can send e-mail (config.get's mailEnabled): without it the recovery dialog
 * says to ask an admin and no confirmation banner shows (docs/product/rules.md#password-reset-and-e-mail).
 */
export function useMailEnabled(): { mailEnabled: boolean; isLoading: boolean } {
  const { data, isLoading } = trpc.config.get.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return { mailEnabled: data?.mailEnabled ?? false, isLoading };
}

export const useRequestPasswordReset = () => trpc.auth.requestPasswordReset.useMutation();
export const useResetPassword = () => trpc.auth.resetPassword.useMutation();
export const useConfirmEmail = () => trpc.auth.confirmEmail.useMutation();

export function useEmailStatus(enabled = true) {
  return trpc.auth.emailStatus.useQuery(undefined, { enabled, staleTime: 60_000 });
}

export function useResendEmailConfirmation() {
  return trpc.auth.resendEmailConfirmation.useMutation();
}

export function useChangeEmail() {
  const utils = trpc.useUtils();
  return trpc.auth.changeEmail.useMutation({ onSuccess: () => utils.auth.emailStatus.invalidate() });
}
