import { type FormEvent, useEffect, useRef, useState } from "react";
import { REASON_MAX } from "../../../../shared/schemas/verification";
import { TextField } from "../../../components/ui/text-field";

type ReasonFormProps = {
  /** "Dispute" or "Void": the submit button's verb. */
  verb: string;
  label: string;
  pending: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
};

/** The reason a dispute or a void needs: the golfer is told it. */
export function ReasonForm({ verb, label, pending, error, onSubmit, onCancel }: ReasonFormProps) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      ref.current?.focus();
      return;
    }
    onSubmit(reason.trim());
  }
  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-2" noValidate>
      <TextField
        ref={ref}
        label={label}
        name="reason"
        autoComplete="off"
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
        error={missing ? "Please give a reason" : (error ?? undefined)}
        hint="The golfer is told this reason."
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost min-h-11" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-error min-h-11" aria-disabled={pending || undefined}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {verb}
        </button>
      </div>
    </form>
  );
}
