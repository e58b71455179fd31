import { useSearchParams } from "../../../lib/router";
import { AdCard } from "../../ads/public";
import { TabList, TabPanels } from "../../../components/ui/tabs";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { ProfileForm } from "../components/profile-form";
import { ProfilePictureField } from "../components/profile-picture-field";
import { SettingsPanel } from "../components/settings-panel";
import { usePageTitle } from "../../../hooks/use-page-title";

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "settings", label: "Settings" },
] as const;

export function ProfilePage() {
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "settings" ? "settings" : "profile";
  usePageTitle(tab === "settings" ? "Settings" : "Profile");
  if (!user) return null;

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
        <p className="mt-1 text-base-content/70">
          Your picture, display name, home course and handicap, and your app settings.
        </p>
      </header>
      <TabList
        idPrefix="profile"
        label="Profile sections"
        tabs={TABS}
        selected={tab}
        onSelect={(id) => setSearchParams({ tab: id }, { replace: true, preventScrollReset: true })}
        className="tabs tabs-box inline-flex"
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <TabPanels
          idPrefix="profile"
          tabs={TABS}
          selected={tab}
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
        </TabPanels>
        <AdCard placement="profile-page" className="self-start" />
      </div>
    </section>
  );
}
