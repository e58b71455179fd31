import type { ReactNode } from "react";
import { ConfirmActions } from "../../../components/ui/confirm-actions";
import { Dialog } from "../../../components/ui/dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the error colour. */
  tone?: "danger" | "primary";
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** "Are you sure?" before an admin action takes effect. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = "primary",
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => !pending && onCancel()} title={title} description={description}>
      <ConfirmActions
        className="mt-0"
        tone={tone}
        confirmLabel={confirmLabel}
        pending={pending}
        onCancel={() => !pending && onCancel()}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
