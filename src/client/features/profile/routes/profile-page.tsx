import { useSearchParams } from "react-router";
import { AdCard } from "../../ads/public";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { ProfileForm } from "../components/profile-form";
import { ProfilePictureField } from "../components/profile-picture-field";
import { SettingsPanel } from "../components/settings-panel";

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "settings", label: "Settings" },
] as const;

export function ProfilePage() {
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "settings" ? "settings" : "profile";
  if (!user) return null;

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
        <p className="mt-1 text-base-content/70">
          Your picture, display name, home course and handicap, and your app settings.
        </p>
      </header>
      <div role="tablist" aria-label="Profile sections" className="tabs tabs-box inline-flex">
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`profile-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls="profile-tabpanel"
            className={`tab ${tab === t.id ? "tab-active" : ""}`}
            onClick={() => setSearchParams({ tab: t.id }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div
          id="profile-tabpanel"
          role="tabpanel"
          aria-labelledby={`profile-tab-${tab}`}
          className="card min-w-0 border border-base-300 bg-base-100"
        >
          <div className="card-body gap-6">
            {tab === "settings" ? (
              <SettingsPanel />
            ) : (
              <>
                <ProfilePictureField user={user} />
                <div className="divider my-0" />
                {/* Re-initialise once the server confirms the user (a cached one lacks these fields). */}
                <ProfileForm key={user.recovering ? "recovering" : user.id} user={user} />
              </>
            )}
          </div>
        </div>
        <AdCard placement="profile-page" className="self-start" />
      </div>
    </section>
  );
}
