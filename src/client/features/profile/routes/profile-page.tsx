import { useSearchParams } from "react-router";
import { PlaceholderPage } from "../../../components/ui/placeholder-page";

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "settings", label: "Settings" },
] as const;

export function ProfilePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "settings" ? "settings" : "profile";
  return (
    <PlaceholderPage title="Profile" description="Your picture, display name, home course and handicap, and your app settings.">
      <div role="tablist" aria-label="Profile sections" className="tabs tabs-box inline-flex">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tab ${tab === t.id ? "tab-active" : ""}`}
            onClick={() => setSearchParams({ tab: t.id }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <p className="text-base-content/70">{tab === "settings" ? "Settings are on their way." : "Profile editing is on its way."}</p>
        </div>
      </div>
    </PlaceholderPage>
  );
}
