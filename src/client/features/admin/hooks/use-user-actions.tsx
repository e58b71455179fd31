import { useState } from "react";
import type { AdminUser } from "../../../../shared/schemas/admin";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { ConfirmDialog } from "../components/confirm-dialog";
import { useAdminActions } from "./use-admin";

type Pending = { kind: "admin" | "disabled"; user: AdminUser } | null;

/**
 * Grant/revoke admin and disable/enable, each behind a confirmation. The hook owns the one dialog
 * (render `dialog` once per page) so table rows and the detail drawer only ask for it.
 */
export function useUserActions() {
  const { setAdmin, setDisabled } = useAdminActions();
  const [pending, setPending] = useState<Pending>(null);
  const busy = setAdmin.isPending || setDisabled.isPending;

  async function confirm() {
    if (!pending) return;
    const { user } = pending;
    const handle = `@${user.username}`;
    try {
      if (pending.kind === "admin") {
        const result = await setAdmin.mutateAsync({ userId: user.id, isAdmin: !user.isAdmin });
        toast(
          result.changed
            ? {
                title: result.item.isAdmin ? "Admin rights granted" : "Admin rights revoked",
                description: `${handle} ${result.item.isAdmin ? "is now an admin" : "is no longer an admin"}.`,
              }
            : {
                title: "No change",
                description: `${handle} already ${result.item.isAdmin ? "is" : "is not"} an admin.`,
              },
        );
      } else {
        const result = await setDisabled.mutateAsync({ userId: user.id, disabled: !user.disabled });
        toast(
          result.changed
            ? result.item.disabled
              ? { title: "Account disabled", description: `${handle} has been signed out everywhere.` }
              : { title: "Account enabled", description: `${handle} can sign in again.` }
            : {
                title: "No change",
                description: `${handle} already ${result.item.disabled ? "is disabled" : "is enabled"}.`,
              },
        );
      }
      setPending(null);
    } catch (error) {
      toast({
        title: "Action failed",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
    }
  }

  const dialog = pending ? (
    <ConfirmDialog
      open
      pending={busy}
      onCancel={() => setPending(null)}
      onConfirm={confirm}
      {...dialogTexts(pending.kind, pending.user)}
    />
  ) : null;

  return {
    askToggleAdmin: (user: AdminUser) => setPending({ kind: "admin", user }),
    askToggleDisabled: (user: AdminUser) => setPending({ kind: "disabled", user }),
    dialog,
  };
}

function dialogTexts(kind: "admin" | "disabled", user: AdminUser) {
  const handle = `@${user.username}`;
  if (kind === "admin") {
    return user.isAdmin
      ? {
          title: `Revoke admin rights from ${handle}?`,
          description: "They lose access to the admin area at once and use Birdie Challenge as a player.",
          confirmLabel: "Revoke admin",
          tone: "danger" as const,
        }
      : {
          title: `Make ${handle} an admin?`,
          description:
            "They will be able to manage users, challenges and support requests, and will use the admin area instead of the player app.",
          confirmLabel: "Grant admin",
          tone: "primary" as const,
        };
  }
  return user.disabled
    ? {
        title: `Enable ${handle}?`,
        description: "They can sign in again with their password.",
        confirmLabel: "Enable account",
        tone: "primary" as const,
      }
    : {
        title: `Disable ${handle}?`,
        description:
          "They are signed out on every device at once and cannot sign in until the account is enabled again. Their challenges and records stay.",
        confirmLabel: "Disable account",
        tone: "danger" as const,
      };
}
