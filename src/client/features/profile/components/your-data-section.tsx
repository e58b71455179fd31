import { type FormEvent, useRef, useState } from "react";
import { deleteAccountSchema } from "../lib/form-schemas";
import { parseWith, usePreloadedSchema } from "../../../lib/lazy-schema";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";
import { useAuth } from "../../auth/public";

/**
 * Settings -> Your data (docs/product/rules.md#your-data): the golfer's whole record as a JSON
 * download, and deleting the account with the password (docs/product/rules.md#deleting-an-account).
 */
export function YourDataSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const remove = trpc.account.delete.useMutation();
  const { signOutLocally } = useAuth();
  usePreloadedSchema(deleteAccountSchema);

  function close() {
    setOpen(false);
    setPassword("");
    setError(null);
    trigger.current?.focus();
  }

  async function onDelete(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending) return;
    const parsed = await parseWith(deleteAccountSchema, { password });
    if (!parsed) return;
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await remove.mutateAsync(parsed.data);
      await signOutLocally({ title: "Account deleted", description: "Your account and your records are gone." });
    } catch (err) {
      setError(errorMessage(err, "Your account could not be deleted. Please try again."));
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <a className="btn btn-outline min-h-11" href="/api/users/me/export" download>
          Download my data
        </a>
        <p className="mt-1 text-sm text-base-content/60">
          Everything we keep about you (profile, challenges, records, achievements, messages) as a JSON file.
        </p>
      </div>
      <div>
        <button
          ref={trigger}
          type="button"
          className="btn btn-error btn-outline min-h-11"
          onClick={() => setOpen(true)}
        >
          Delete account
        </button>
        <p className="mt-1 text-sm text-base-content/60">
          Your records and memberships are deleted; challenges you created pass to their longest-standing player.
        </p>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="This deletes your profile, records and achievements for good. Your chat messages stay as “Deleted golfer”. This cannot be undone."
      >
        <form noValidate onSubmit={(e) => void onDelete(e)} className="grid gap-4">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setError(null);
              setPassword(e.target.value);
            }}
            error={error ?? undefined}
          />
          <ConfirmActions
            className="mt-0"
            tone="danger"
            confirmLabel="Delete Account"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            onCancel={close}
          />
        </form>
      </Dialog>
    </div>
  );
}
