import type { ReactNode } from "react";
import { DropdownMenu } from "../../components/ui/dropdown-menu";
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from "../../components/ui/icons";
import { type ThemeChoice, useTheme } from "../../lib/theme";

const OPTIONS: { value: ThemeChoice; label: string; icon: ReactNode }[] = [
  { value: "light", label: "Light", icon: <SunIcon /> },
  { value: "dark", label: "Dark", icon: <MoonIcon /> },
  { value: "system", label: "System", icon: <MonitorIcon /> },
];

export function ThemeToggle() {
  const { choice, resolved, setChoice } = useTheme();
  return (
    <DropdownMenu
      label="Theme"
      triggerClassName="btn btn-ghost btn-circle text-xl"
      trigger={resolved === "dark" ? <MoonIcon /> : <SunIcon />}
    >
      {(close) =>
        OPTIONS.map((option) => (
          <li key={option.value}>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={choice === option.value}
              className={choice === option.value ? "menu-active" : ""}
              onClick={() => {
                setChoice(option.value);
                close();
              }}
            >
              <span className="text-base">{option.icon}</span>
              <span className="flex-1 text-left">{option.label}</span>
              {choice === option.value && <CheckIcon />}
            </button>
          </li>
        ))
      }
    </DropdownMenu>
  );
}
