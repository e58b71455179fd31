import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";
import { deviceSubscription, pushSupported, subscribeDevice, unsubscribeDevice } from "../lib/push-device";

// Settings -> Push notifications (docs/product/rules.md#push-notifications): per device. The
// browser asks for permission only when the golfer turns this on; on means this browser holds a
// subscription the server has for the signed-in golfer. A row of its own so the notification
// settings around it can place it where they like.

type State = "checking" | "unsupported" | "blocked" | "off" | "on";

export const PUSH_TEXTS = {
  label: "Push notifications",
  description: "Alerts on this device, even when the app is closed.",
  unsupported:
    "This browser cannot receive push notifications. On iPhone and iPad, add Birdie Challenge to your Home Screen first.",
  blocked:
    "Notifications are blocked for Birdie Challenge in this browser. Allow them in its site settings, then turn this on.",
  onFailed: "Push notifications could not be turned on. Please try again.",
  offFailed: "Push notifications could not be turned off. Please try again.",
} as const;

function permissionBlocked() {
  return typeof Notification !== "undefined" && Notification.permission === "denied";
}

export function PushNotificationsToggle() {
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const descriptionId = useId();
  const errorId = useId();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let next: State = "off";
      if (!pushSupported()) next = "unsupported";
      else if (permissionBlocked()) next = "blocked";
      else {
        try {
          const subscription = await deviceSubscription();
          if (subscription && Notification.permission === "granted") {
            const status = await utils.push.status.fetch({ endpoint: subscription.endpoint }, { staleTime: 0 });
            if (status.subscribed) next = "on";
          }
        } catch {
          // Unknown: shown off; turning it on subscribes again (the server keeps one row per endpoint).
        }
      }
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, [utils]);

  async function turnOn() {
    // The only place the app asks (answered at once, without a prompt, when already granted).
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setState(permission === "denied" ? "blocked" : "off");
      return;
    }
    const { publicKey } = await utils.push.publicKey.fetch();
    const subscription = await subscribeDevice(publicKey);
    await subscribe.mutateAsync(subscription);
    setState("on");
  }

  async function turnOff() {
    const endpoint = await unsubscribeDevice();
    // The browser's subscription is gone either way; if this call fails the push service answers
    // 410 to the next push and the server forgets it then.
    setState("off");
    if (endpoint) await unsubscribe.mutateAsync({ endpoint });
  }

  async function onChange(on: boolean) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await (on ? turnOn() : turnOff());
    } catch (err) {
      setError(errorMessage(err, on ? PUSH_TEXTS.onFailed : PUSH_TEXTS.offFailed));
      if (on) setState(permissionBlocked() ? "blocked" : "off");
    } finally {
      setBusy(false);
    }
  }

  const description =
    state === "unsupported"
      ? PUSH_TEXTS.unsupported
      : state === "blocked"
        ? PUSH_TEXTS.blocked
        : PUSH_TEXTS.description;
  const disabled = busy || state === "checking" || state === "unsupported";

  return (
    <div className="py-3">
      <label className={`flex items-center justify-between gap-4 ${disabled ? "" : "cursor-pointer"}`}>
        <span className="min-w-0">
          <span className="block font-medium">{PUSH_TEXTS.label}</span>
          <span id={descriptionId} className="block text-sm text-base-content/60">
            {description}
          </span>
        </span>
        <input
          type="checkbox"
          className="toggle toggle-primary shrink-0"
          checked={state === "on"}
          disabled={disabled}
          aria-busy={busy || state === "checking"}
          aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
          onChange={(e) => void onChange(e.target.checked)}
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
