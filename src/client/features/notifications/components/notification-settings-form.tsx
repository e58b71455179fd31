import { useState } from "react";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../../shared/schemas/notification-kinds";
import type { NotificationSettings } from "../../../../shared/schemas/notifications";
import { errorMessage } from "../../../lib/errors";
import { useNotificationSettings, useUpdateNotificationSettings } from "../hooks/use-notifications";

/** What each kind is, in the words of docs/product/texts-and-messages.md#notification-settings. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  challenge_joined: "Someone joins a challenge you play in",
  rival_round: "A rival records a round in your challenge (one message per round)",
  overtaken: "A rival overtakes you on a challenge leaderboard",
  challenge_starts: "A challenge you play in starts tomorrow",
  challenge_ends_soon: "A challenge you play in ends in 24 hours, with your standing",
  challenge_ended: "A challenge you play in has ended, with your final standing and the winner",
  support_reply: "An admin replies to your support request",
  verification_request: "A golfer names you as their partner and asks you to confirm",
  record_status: "Your record is confirmed, disputed, voided or restored by someone else",
};

function Channel({
  kind,
  channel,
  settings,
  onChange,
}: {
  kind: NotificationKind;
  channel: "email" | "push";
  settings: NotificationSettings;
  onChange: (kind: NotificationKind, next: { email: boolean; push: boolean }) => void;
}) {
  const current = settings[kind];
  const name = channel === "email" ? "E-mail" : "Push";
  return (
    <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2">
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={current[channel]}
        aria-label={`${name}: ${KIND_LABELS[kind]}`}
        onChange={(e) => onChange(kind, { ...current, [channel]: e.target.checked })}
      />
      <span className="text-sm sm:sr-only">{name}</span>
    </label>
  );
}

/**
 * The notification settings (docs/product/rules.md#notifications), stored on the account: every
 * event is always shown under the bell; e-mail and push are chosen per event.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // The toggle moves in the same render as the tap: the query cache's optimistic value arrives a
  // tick later (mutations start asynchronously), and until then React would put the box back.
  const [moving, setMoving] = useState<Partial<NotificationSettings>>({});
  if (settings.isLoading) return <p className="text-sm text-base-content/70">Loading notification settings...</p>;
  if (settings.isError || !settings.data)
    return (
      <p role="alert" className="alert alert-error">
        {errorMessage(settings.error, "Could not load notification settings.")}
      </p>
    );
  const data = { ...settings.data, ...moving } as NotificationSettings;
  const change = (kind: NotificationKind, next: { email: boolean; push: boolean }) => {
    setMoving((m) => ({ ...m, [kind]: next }));
    update.mutate(
      { [kind]: next },
      {
        // Settled: the cache holds the stored value (saved, or put back after a refusal).
        onSettled: () =>
          setMoving((m) => {
            const { [kind]: _done, ...rest } = m;
            return rest;
          }),
      },
    );
  };
  return (
    <div>
      <p className="text-sm text-base-content/70">
        Everything below always appears under the bell. Choose what is also sent by e-mail (to the address on your
        profile) and as a push alert (on devices where you turned push on). Saved to your account.
      </p>
      <div className="mt-3 hidden grid-cols-[1fr_4rem_4rem] gap-2 text-sm font-semibold sm:grid" aria-hidden="true">
        <span>Event</span>
        <span className="text-center">E-mail</span>
        <span className="text-center">Push</span>
      </div>
      <ul className="divide-y divide-base-300" data-testid="notification-settings">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className="grid grid-cols-1 items-center gap-x-2 py-2 sm:grid-cols-[1fr_4rem_4rem]">
            <span className="font-medium">{KIND_LABELS[kind]}</span>
            <div className="flex gap-4 sm:contents">
              <Channel kind={kind} channel="email" settings={data} onChange={change} />
              <Channel kind={kind} channel="push" settings={data} onChange={change} />
            </div>
          </li>
        ))}
      </ul>
      {update.isError && (
        <p role="alert" className="mt-2 text-sm text-error">
          {errorMessage(update.error, "Could not save notification settings.")}
        </p>
      )}
    </div>
  );
}
