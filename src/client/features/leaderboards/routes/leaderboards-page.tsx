import { PlaceholderPage } from "../../../components/ui/placeholder-page";

export function LeaderboardsPage() {
  return <PlaceholderPage title="Leaderboards" description="See how you stack up in your challenges and around the world." />;
}
