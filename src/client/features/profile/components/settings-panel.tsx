import type { ReactNode } from "react";
import { MonitorIcon, MoonIcon, SunIcon } from "../../../components/ui/icons";
import { type ThemeChoice, useTheme } from "../../../lib/theme";
import { useAdFreeMode } from "../../ads/public";
import { NotificationSettingsForm } from "../../notifications/public";
import { ChangeEmailForm } from "../../auth/public";
import { PushNotificationsToggle } from "../../push/public";
import { ChangePasswordForm } from "./change-password-form";
import { YourDataSection } from "./your-data-section";

const THEMES: { value: ThemeChoice; label: string; icon: ReactNode }[] = [
  { value: "light", label: "Light", icon: <SunIcon /> },
  { value: "dark", label: "Dark", icon: <MoonIcon /> },
  { value: "system", label: "System", icon: <MonitorIcon /> },
];

function ToggleRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
      <span className="min-w-0">
        <span className="block font-medium">{label}</span>
        <span className="block text-sm text-base-content/60">{description}</span>
      </span>
      <input
        type="checkbox"
        className="toggle toggle-primary shrink-0"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

/** Theme, notification, password and ad settings; theme and ads live on this device, the rest on the account. */
export function SettingsPanel() {
  const { choice, setChoice } = useTheme();
  const [adFree, setAdFree] = useAdFreeMode();

  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Appearance</legend>
        <p className="mb-3 text-sm text-base-content/60">System follows your device's light or dark setting.</p>
        <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-2 sm:max-w-md">
          {THEMES.map((t) => (
            <label
              key={t.value}
              className={`flex cursor-pointer flex-col items-center gap-1 rounded-field border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                choice === t.value ? "border-primary bg-primary/10 font-semibold" : "border-base-300"
              }`}
            >
              <input
                type="radio"
                name="theme"
                value={t.value}
                className="sr-only"
                checked={choice === t.value}
                onChange={() => setChoice(t.value)}
              />
              <span className="text-xl" aria-hidden="true">
                {t.icon}
              </span>
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Notifications</legend>
        <NotificationSettingsForm />
        <div className="mt-4 divide-y divide-base-300">
          <PushNotificationsToggle />
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Password</legend>
        <p className="mb-3 text-sm text-base-content/60">Changing it signs you out on every other device.</p>
        <ChangePasswordForm />
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Email</legend>
        <ChangeEmailForm />
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Your data</legend>
        <YourDataSection />
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">Ads</legend>
        <div className="divide-y divide-base-300">
          <ToggleRow
            label="Ad-free mode"
            description="Hide all sponsored content. Saved on this device."
            checked={adFree}
            onChange={setAdFree}
          />
        </div>
      </fieldset>
    </div>
  );
}
